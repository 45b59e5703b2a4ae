;;; mj-mode.el --- Riichi Mahjong hand notation (tenpai)  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "29.1"))
;; Keywords: languages, games
;; URL: https://example.invalid/tenpai
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; `mj-mode' highlights `.mj' files (hand lines, melds, options, claims,
;; comments, `rules:' lines) with regexps; `mj-ts-mode' uses the
;; tree-sitter-mj grammar instead when Emacs has tree-sitter and the
;; grammar is installed (M-x mj-install-grammar).  Both hook the `tenpai lsp'
;; language server into eglot, also for Markdown, and teach markdown-mode to
;; highlight ```mj fences.  See docs/editors.md.

;;; Code:

(require 'treesit nil t)

(defgroup mj nil
  "Riichi Mahjong hand notation."
  :group 'languages
  :prefix "mj-")

(defcustom mj-tenpai-program '("tenpai" "lsp")
  "The language server command."
  :type '(repeat string))

(defcustom mj-grammar-directory
  (let ((here (or load-file-name buffer-file-name)))
    (and here (expand-file-name "../../grammar" (file-name-directory here))))
  "The tree-sitter-mj grammar (the repository's grammar/ directory)."
  :type '(choice directory (const nil)))

(defconst mj--suit-faces
  '(("m" . font-lock-number-face)
    ("p" . font-lock-function-name-face)
    ("s" . font-lock-string-face)
    ("z" . font-lock-constant-face)
    ("h" . font-lock-constant-face)))

(defun mj--tile-group-matcher (limit)
  "Find the next digit group with a suit letter before LIMIT."
  (re-search-forward "\\([0-9]+\\)\\([mpszh]\\)" limit t))

(defun mj--tile-group-face ()
  "The face of the group just matched, by its suit."
  (cdr (assoc (match-string 2) mj--suit-faces)))

(defvar mj-font-lock-keywords
  `(("#.*$" . font-lock-comment-face)
    ("^[ \t]*\\(rules:\\)" 1 font-lock-preprocessor-face)
    ("=>[^#\n]*" . font-lock-keyword-face)
    ("\\_<\\([a-z][a-z-]*\\)\\(=\\)" (1 font-lock-property-name-face) (2 font-lock-operator-face))
    (mj--tile-group-matcher (1 (mj--tile-group-face)) (2 (mj--tile-group-face)))
    ("[0-9]*\\(0\\)[0-9]*[mps]" 1 font-lock-builtin-face prepend)
    ;; A word with a letter no letter honor has: an option (riichi, tsumo).
    ("\\_<[eswngrh]*[a-dfi-mo-qt-vx-z-][a-z0-9-]*" . font-lock-keyword-face)
    ("wh\\|[eswngr]" . font-lock-constant-face)
    ("[\U0001F007-\U0001F00F]" . font-lock-number-face)
    ("[\U0001F019-\U0001F021]" . font-lock-function-name-face)
    ("[\U0001F010-\U0001F018]" . font-lock-string-face)
    ("[\U0001F000-\U0001F006]" . font-lock-constant-face)
    ("[][()]" . font-lock-bracket-face))
  "Highlighting of `mj-mode'.")

(defvar mj-mode-syntax-table
  (let ((st (make-syntax-table)))
    (modify-syntax-entry ?# "<" st)
    (modify-syntax-entry ?\n ">" st)
    (modify-syntax-entry ?- "_" st)
    (modify-syntax-entry ?= "." st)
    st)
  "Syntax table of `mj-mode'.")

;;;###autoload
(define-derived-mode mj-mode prog-mode "mj"
  "Major mode for Riichi Mahjong hand notation (tenpai)."
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local font-lock-defaults '(mj-font-lock-keywords t)))

;;; Tree-sitter

(defvar mj-ts--font-lock-rules
  (when (featurep 'treesit)
    (treesit-font-lock-rules
     :language 'mj :feature 'comment
     '((comment) @font-lock-comment-face)
     :language 'mj :feature 'tile
     '(((tile_group (tile) @font-lock-number-face (suit) @_s) (:equal "m" @_s))
       ((tile_group (tile) @font-lock-function-name-face (suit) @_s) (:equal "p" @_s))
       ((tile_group (tile) @font-lock-string-face (suit) @_s) (:equal "s" @_s))
       ((tile_group (tile) @font-lock-constant-face (suit) @_s) (:match "^[zh]$" @_s))
       ((suit) @font-lock-type-face)
       (red_five) @font-lock-builtin-face
       (honor) @font-lock-constant-face
       (glyph_man) @font-lock-number-face
       (glyph_pin) @font-lock-function-name-face
       (glyph_sou) @font-lock-string-face
       (glyph_honor) @font-lock-constant-face
       (meld ["(" ")" "[" "]"] @font-lock-bracket-face))
     :language 'mj :feature 'option
     '((option key: (option_key) @font-lock-property-name-face)
       (option "=" @font-lock-operator-face)
       (option_value) @font-lock-string-face
       (claim "=>" @font-lock-operator-face)
       (claim_number) @font-lock-number-face
       (claim_word) @font-lock-keyword-face
       (rules_line "rules:" @font-lock-preprocessor-face)
       (rule) @font-lock-constant-face)))
  "Highlighting of `mj-ts-mode'.")

(defun mj-install-grammar ()
  "Compile tree-sitter-mj from `mj-grammar-directory' into the user's
tree-sitter directory (needs a C compiler, `cc')."
  (interactive)
  (unless mj-grammar-directory
    (user-error "Set `mj-grammar-directory' to the repository's grammar/"))
  (let* ((src (expand-file-name "src" mj-grammar-directory))
         (out-dir (locate-user-emacs-file "tree-sitter"))
         (out (expand-file-name
               (concat "libtree-sitter-mj" module-file-suffix) out-dir)))
    (make-directory out-dir t)
    (with-temp-buffer
      (unless (zerop (call-process "cc" nil t nil "-O2" "-shared" "-fPIC"
                                   "-std=c11" "-I" src
                                   (expand-file-name "parser.c" src)
                                   (expand-file-name "scanner.c" src)
                                   "-o" out))
        (error "Building tree-sitter-mj failed: %s" (buffer-string))))
    (message "Installed %s" out)))

;;;###autoload
(define-derived-mode mj-ts-mode mj-mode "mj[ts]"
  "Major mode for Riichi Mahjong hand notation, with tree-sitter."
  (when (and (featurep 'treesit) (treesit-ready-p 'mj))
    (treesit-parser-create 'mj)
    (setq-local font-lock-defaults nil)
    (setq-local treesit-font-lock-settings mj-ts--font-lock-rules)
    (setq-local treesit-font-lock-feature-list '((comment tile option)))
    (treesit-major-mode-setup)))

;;;###autoload
(add-to-list 'auto-mode-alist
             (cons "\\.mj\\'"
                   (if (and (featurep 'treesit) (fboundp 'treesit-ready-p)
                            (treesit-ready-p 'mj t))
                       'mj-ts-mode
                     'mj-mode)))

;;; eglot and markdown-mode

(with-eval-after-load 'eglot
  (defvar eglot-server-programs)
  (add-to-list 'eglot-server-programs
               `((mj-mode mj-ts-mode markdown-mode gfm-mode) . ,mj-tenpai-program)))

(with-eval-after-load 'markdown-mode
  (defvar markdown-code-lang-modes)
  (add-to-list 'markdown-code-lang-modes '("mj" . mj-mode)))

(provide 'mj-mode)
;;; mj-mode.el ends here
