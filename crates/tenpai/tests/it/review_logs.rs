//! Every real game of `../shared/real/logs` is reviewed, and the review is
//! checked: each win line (every win of every player) passes the checks of
//! `tenpai check` with the claims taken from the log, each decision holds
//! 14 tiles counting melds, the tenhou.net/6 and mjlog readers give the same
//! review of the same game, and the mjai reader reads what the converter
//! writes back into the same game.

use std::path::{Path, PathBuf};

use tenpai::document::{file_diagnostics, Analyzer, DocKind};
use tenpai::hand::{read_hand, Mode};
use tenpai::review::model::{Game, RoundEnd};
use tenpai::review::write::{logged_situation, LineKind};
use tenpai::review::{mjai, read_log, replay, review, Players, ReviewOptions};
use tenpai::score::Rules;

fn logs_dir() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let candidates = [
        root.join("../shared/real/logs"),
        PathBuf::from("/work/shared/real/logs"),
    ];
    candidates
        .into_iter()
        .find(|path| path.is_dir())
        .expect("../shared/real/logs beside the repository")
}

/// Every file under the logs folder, in a stable order.
fn all_logs() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("a readable folder")
            .map(|entry| entry.expect("an entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&logs_dir(), &mut out);
    out
}

/// The logs the sources cut short on purpose (mjx's truncation tests).
fn is_truncated_sample(path: &Path) -> bool {
    let name = path.to_string_lossy();
    name.contains("no-game-end") || name.contains("no-round-end")
}

fn all_players() -> ReviewOptions {
    ReviewOptions {
        players: Players::All,
        round: None,
    }
}

fn win_count(game: &Game) -> usize {
    game.rounds
        .iter()
        .map(|round| match &round.end {
            RoundEnd::Wins { wins } => wins.len(),
            RoundEnd::Draw { .. } => 0,
        })
        .sum()
}

/// Checks a review as `tenpai check` would, returning its findings: the
/// win and nagashi lines through the document analysis (claims included),
/// the decision lines through strict validation (the discard analysis of
/// every decision is what the editor shows; it cannot fail).
fn check_review(name: &str, game: &Game) -> Vec<String> {
    let written = review(game, &all_players()).unwrap_or_else(|err| panic!("{name}: {err}"));
    let mut problems = Vec::new();
    let rules_line = written
        .header
        .iter()
        .find(|line| line.kind == LineKind::Rules)
        .map(|line| line.text.clone())
        .expect("a rules: line");
    let mut scored = format!("{rules_line}\n");
    let mut wins = 0;
    let rules = Rules::tenhou();
    for round in &written.rounds {
        for line in &round.lines {
            match line.kind {
                LineKind::Win | LineKind::Nagashi => {
                    wins += usize::from(line.kind == LineKind::Win);
                    if !line.text.contains("=>") {
                        problems.push(format!("{name}: a win without a claim: {}", line.text));
                    }
                    scored.push_str(&line.text);
                    scored.push('\n');
                }
                LineKind::Decision => match read_hand(&line.text, &rules, Mode::Strict) {
                    Ok((hand, situation, notes)) => {
                        if hand.size() != 14 {
                            problems.push(format!("{name}: {} tiles: {}", hand.size(), line.text));
                        }
                        if situation.discard.is_none() {
                            problems.push(format!("{name}: no discard: {}", line.text));
                        }
                        for note in notes {
                            problems.push(format!(
                                "{name}: {}: {}: {}",
                                line.text, note.code, note.message
                            ));
                        }
                    }
                    Err(errors) => {
                        for error in errors {
                            problems.push(format!(
                                "{name}: {}: {}: {}",
                                line.text, error.code, error.message
                            ));
                        }
                    }
                },
                LineKind::Comment | LineKind::Rules => {}
            }
        }
    }
    if wins != win_count(game) {
        problems.push(format!(
            "{name}: {wins} win lines for {} wins",
            win_count(game)
        ));
    }
    let mut analyzer = Analyzer::new();
    let lines = analyzer.analyze(&scored, DocKind::Mj, &rules);
    for finding in file_diagnostics(&lines) {
        let line = scored[..finding.range.start].lines().count();
        let text = scored
            .lines()
            .nth(line.saturating_sub(1))
            .unwrap_or_default();
        problems.push(format!(
            "{name}: {}: {} ({text})",
            finding.code, finding.message
        ));
    }
    problems
}

#[test]
fn every_real_log_reviews_and_its_wins_check_with_the_logs_own_claims() {
    let mut reviewed = 0;
    let mut wins = 0;
    let mut problems = Vec::new();
    for path in all_logs() {
        let name = path.display().to_string();
        let bytes = std::fs::read(&path).expect("a readable log");
        match read_log(&bytes) {
            Err(err) if is_truncated_sample(&path) => {
                assert!(err.to_string().contains("truncated"), "{name}: {err}");
            }
            Err(err) => problems.push(format!("{name}: {err}")),
            Ok(_) if is_truncated_sample(&path) => {
                problems.push(format!("{name}: a truncated log was reviewed as whole"))
            }
            Ok(game) => {
                reviewed += 1;
                wins += win_count(&game);
                problems.extend(check_review(&name, &game));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    // 33 mjlog games (two more are cut short), 31 tenhou.net/6, 7 samples.
    assert!(reviewed >= 71, "only {reviewed} logs reviewed");
    assert!(wins > 500, "only {wins} wins");
}

#[test]
fn the_situation_of_each_win_agrees_with_the_yaku_tenhou_lists() {
    let mut compared = 0;
    for path in all_logs().iter().filter(|path| !is_truncated_sample(path)) {
        let game = read_log(&std::fs::read(path).expect("a log")).expect("a log that reads");
        let played = replay::replay_game(&game).expect("a game that plays");
        for (round, replayed) in game.rounds.iter().zip(&played) {
            let RoundEnd::Wins { wins } = &round.end else {
                continue;
            };
            for (win, view) in wins.iter().zip(&replayed.wins) {
                let value = win.value.as_ref().expect("Tenhou values its wins");
                // A yakuman lists no riichi, ippatsu or haitei.
                if value.yaku.iter().any(|(_, han)| *han >= 13) {
                    continue;
                }
                let mut derived = Vec::new();
                for (flag, word) in [
                    (view.riichi && !view.double_riichi, "riichi"),
                    (view.double_riichi, "double-riichi"),
                    (view.ippatsu, "ippatsu"),
                    (view.haitei, "haitei"),
                    (view.houtei, "houtei"),
                    (view.rinshan, "rinshan"),
                    (view.chankan, "chankan"),
                    (view.tenhou, "tenhou"),
                    (view.chiihou, "chiihou"),
                ] {
                    if flag {
                        derived.push(word);
                    }
                }
                assert_eq!(
                    derived,
                    logged_situation(value),
                    "{}: round {}, win of seat {}",
                    path.display(),
                    round.name(),
                    win.seat
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 500, "only {compared} wins compared");
}

#[test]
fn tenhou6_and_mjlog_give_the_same_review_of_the_same_game() {
    let dir = logs_dir();
    let mut compared = 0;
    for json in all_logs()
        .iter()
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
    {
        let stem = json
            .file_stem()
            .and_then(|stem| stem.to_str())
            .expect("a name");
        let xml = dir.join("mjlog").join(format!("{stem}.mjlog"));
        let from_json = read_log(&std::fs::read(json).expect("a log")).expect("tenhou.net/6 reads");
        let mut from_xml = read_log(&std::fs::read(&xml).expect("its mjlog")).expect("mjlog reads");
        // The tenhou.net/6 files have their players' names replaced.
        from_xml.players = from_json.players.clone();
        assert_eq!(from_json.rules, from_xml.rules, "{stem}");
        assert_eq!(from_json.rounds.len(), from_xml.rounds.len(), "{stem}");
        for (json_round, xml_round) in from_json.rounds.iter().zip(&from_xml.rounds) {
            let place = format!("{stem}, round {}-{}", json_round.name(), json_round.honba);
            let first_difference = json_round
                .actions
                .iter()
                .zip(&xml_round.actions)
                .position(|(a, b)| a != b);
            if let Some(index) = first_difference {
                panic!(
                    "{place}: move {index} differs: {:?} / {:?}",
                    json_round.actions[index], xml_round.actions[index]
                );
            }
            assert_eq!(json_round.actions.len(), xml_round.actions.len(), "{place}");
            assert_eq!(json_round.end, xml_round.end, "{place}");
            assert_eq!(json_round, xml_round, "{place}");
        }
        for options in [all_players(), ReviewOptions::default()] {
            let json_review = review(&from_json, &options).expect("a review");
            let xml_review = review(&from_xml, &options).expect("a review");
            assert_eq!(json_review.to_text(), xml_review.to_text(), "{stem}");
        }
        compared += 1;
    }
    assert_eq!(compared, 31);
}

#[test]
fn the_final_scores_are_those_tenhou_paid() {
    let mut compared = 0;
    for path in all_logs().iter().filter(|path| !is_truncated_sample(path)) {
        let text = std::fs::read_to_string(path).expect("a text log");
        let Some(start) = text.find("owari=\"") else {
            continue;
        };
        let owari: Vec<f64> = text[start + 7..]
            .split('"')
            .next()
            .expect("a value")
            .split(',')
            .map(|part| part.parse().expect("a number"))
            .collect();
        let game = read_log(text.as_bytes()).expect("a log");
        let played = replay::replay_game(&game).expect("a game");
        let scores = replay::final_scores(&game, &played).expect("scores");
        let paid: Vec<i64> = (0..4).map(|seat| owari[2 * seat] as i64 * 100).collect();
        assert_eq!(scores.to_vec(), paid, "{}", path.display());
        compared += 1;
    }
    assert!(compared >= 38, "only {compared} games compared");
}

#[test]
fn mjai_logs_converted_from_the_real_games_read_back_into_the_same_game() {
    let mut compared = 0;
    for path in all_logs().iter().filter(|path| !is_truncated_sample(path)) {
        let name = path.display().to_string();
        let game = read_log(&std::fs::read(path).expect("a log")).expect("a log that reads");
        let events = mjai::write(&game);
        assert_eq!(
            tenpai::review::detect(events.as_bytes()),
            Some(tenpai::review::Format::Mjai)
        );
        let back = read_log(events.as_bytes()).unwrap_or_else(|err| panic!("{name}: {err}"));
        // mjai records no han, fu or yaku, and no lobby.
        let mut expected = game.clone();
        expected.rules.label = None;
        for round in &mut expected.rounds {
            if let RoundEnd::Wins { wins } = &mut round.end {
                for win in wins {
                    win.value = None;
                }
            }
        }
        assert_eq!(back, expected, "{name}");
        let problems = check_review(&format!("{name} (as mjai)"), &back);
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        // The decisions are the same lines.
        let decisions = |game: &Game| -> Vec<String> {
            let written = review(game, &all_players()).expect("a review");
            written
                .rounds
                .iter()
                .flat_map(|round| round.lines.iter())
                .filter(|line| line.kind == LineKind::Decision)
                .map(|line| line.text.clone())
                .collect()
        };
        assert_eq!(decisions(&game), decisions(&back), "{name}");
        compared += 1;
    }
    assert!(compared >= 71);
}
