// Screenshots of rendered hands, in Debian's Chromium driven by
// playwright-core: an article in both themes, every tile face in both
// themes, called melds and indicators, and one hand as PNG (resvg).
//
// `npm test` compares each picture with the one committed in docs/img
// (the pictures docs/render.md shows): same size, and at most 1% of the
// pixels differ beyond pixelmatch's colour threshold (anti-aliasing and
// font hinting vary a little between machines; a changed tile does not
// fit in 1%). `npm run update` writes them anew: look at them before
// committing.
//
// The binary is target/debug/tenpai, or $TENPAI_BIN.

import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const tenpai = process.env.TENPAI_BIN || path.join(root, 'target/debug/tenpai');
const update = process.argv.includes('--update');
const images = path.join(root, 'docs/img');
const failures = path.join(root, 'target/visual');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tenpai-visual-'));

// The pages, written by the binary under test.
function render(args, output) {
  execFileSync(tenpai, ['render', ...args, '-o', path.join(work, output)], { stdio: 'inherit' });
}
render([path.join(here, 'article.md'), '--theme', 'light'], 'article-light.html');
render([path.join(here, 'article.md'), '--theme', 'dark'], 'article-dark.html');
render(['--faces', '--theme', 'light'], 'faces-light.html');
render(['--faces', '--theme', 'dark'], 'faces-dark.html');
try {
  render([path.join(here, 'melds.md'), '--theme', 'light'], 'melds.html');
} catch (error) {
  // melds.md holds a hand with an error on purpose: exit 1, page written.
  if (error.status !== 1) throw error;
}
render(['--png', '234m567p22s345678s riichi tsumo seat=s dora=1s', '--theme', 'light'], 'hand.png');

const shots = [
  { name: 'render-article-light', page: 'article-light.html', width: 820, height: 1400 },
  { name: 'render-article-dark', page: 'article-dark.html', width: 820, height: 1400 },
  { name: 'render-faces-light', page: 'faces-light.html', width: 1040 },
  { name: 'render-faces-dark', page: 'faces-dark.html', width: 1040 },
  { name: 'render-melds', page: 'melds.html', width: 820 },
];

// Served from 127.0.0.1, as the browser tests of this repository are.
const server = http.createServer((request, response) => {
  const file = path.join(work, path.basename(decodeURIComponent(request.url.split('?')[0])));
  fs.readFile(file, (error, data) => {
    if (error) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(data);
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/`;

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tenpai-visual-profile-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--font-render-hinting=none',
  ],
  viewport: { width: 1040, height: 800 },
  deviceScaleFactor: 1,
});
const pictures = {};
try {
  const page = await context.newPage();
  for (const shot of shots) {
    await page.setViewportSize({ width: shot.width, height: shot.height || 800 });
    await page.goto(base + shot.page);
    await page.evaluate(() => document.fonts.ready);
    pictures[shot.name] = await page.screenshot({ fullPage: !shot.height });
  }
} finally {
  await context.close();
  server.close();
}
pictures['render-hand'] = fs.readFileSync(path.join(work, 'hand.png'));

let failed = 0;
for (const [name, actual] of Object.entries(pictures)) {
  const committed = path.join(images, `${name}.png`);
  if (update) {
    fs.writeFileSync(committed, actual);
    console.log(`wrote docs/img/${name}.png`);
    continue;
  }
  if (!fs.existsSync(committed)) {
    console.error(`${name}: docs/img/${name}.png is missing (npm run update writes it)`);
    failed += 1;
    continue;
  }
  const want = PNG.sync.read(fs.readFileSync(committed));
  const got = PNG.sync.read(actual);
  fs.mkdirSync(failures, { recursive: true });
  if (want.width !== got.width || want.height !== got.height) {
    console.error(`${name}: ${got.width}×${got.height}, the committed picture is ${want.width}×${want.height}`);
    fs.writeFileSync(path.join(failures, `${name}.png`), actual);
    failed += 1;
    continue;
  }
  const diff = new PNG({ width: got.width, height: got.height });
  const differing = pixelmatch(want.data, got.data, diff.data, got.width, got.height, { threshold: 0.1 });
  const share = differing / (got.width * got.height);
  const verdict = share <= 0.01 ? 'ok' : 'DIFFERENT';
  console.log(`${name}: ${differing} pixels differ (${(share * 100).toFixed(3)}%): ${verdict}`);
  if (share > 0.01) {
    fs.writeFileSync(path.join(failures, `${name}.png`), actual);
    fs.writeFileSync(path.join(failures, `${name}-diff.png`), PNG.sync.write(diff));
    failed += 1;
  }
}
fs.rmSync(work, { recursive: true, force: true });
fs.rmSync(profile, { recursive: true, force: true });
if (failed > 0) {
  console.error(`${failed} picture(s) differ; see target/visual/`);
  process.exit(1);
}
