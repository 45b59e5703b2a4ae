;;; mj-mode.el --- Riichi Mahjong hand notation (tenpai)  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: languages, games
;; URL: https://example.invalid/tenpai
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; Install from the repository (Emacs 29+):
;;
;;   (package-vc-install
;;    '(mj-mode :url "https://example.invalid/tenpai"
;;              :lisp-dir "editors/emacs" :main-file "mj-mode.el"))
;;
;; or from a clone, on any Emacs: M-x package-install-file RET
;; path/to/tenpai/editors/emacs RET.  Then `.mj' files open in `mj-mode',
;; and M-x eglot (or `eglot-ensure' in `mj-mode-hook') starts the server.
;;
;; `mj-mode' highlights `.mj' files (hand lines, melds, options, claims,
;; comments, `rules:' lines) with regexps; `mj-ts-mode' uses the
;; tree-sitter-mj grammar instead when Emacs has tree-sitter and the
;; grammar is installed (M-x mj-install-grammar).  Both hook the `tenpai lsp'
;; language server into eglot, also for Markdown, and teach markdown-mode to
;; highlight ```mj fences.  See docs/editors.md.

;;; Code:

(require 'seq)
(require 'treesit nil t)
;; Emacs 28 has no tree-sitter: mj-mode works there, mj-ts-mode does not.
(declare-function treesit-font-lock-rules "treesit")
(declare-function treesit-major-mode-setup "treesit")
(declare-function treesit-parser-create "treesit")
(declare-function treesit-ready-p "treesit")
(defvar treesit-font-lock-settings)
(defvar treesit-font-lock-feature-list)

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

;; Faces of their own, inheriting faces every Emacs has (28 too), so a
;; theme colours the suits apart and a user can change any of them.
(defface mj-man-face '((t :inherit font-lock-constant-face)) "Man tiles.")
(defface mj-pin-face '((t :inherit font-lock-function-name-face)) "Pin tiles.")
(defface mj-sou-face '((t :inherit font-lock-string-face)) "Sou tiles.")
(defface mj-honor-face '((t :inherit font-lock-type-face)) "Honor tiles.")
(defface mj-red-five-face '((t :inherit font-lock-warning-face)) "Red fives.")
(defface mj-bracket-face '((t :inherit font-lock-builtin-face)) "Meld brackets.")
(defface mj-option-face '((t :inherit font-lock-keyword-face)) "Option words.")
(defface mj-key-face '((t :inherit font-lock-variable-name-face)) "Option keys.")
(defface mj-value-face '((t :inherit font-lock-string-face)) "Option values.")
(defface mj-claim-face '((t :inherit font-lock-doc-face)) "Claims (=> ...).")
(defface mj-rules-face '((t :inherit font-lock-preprocessor-face)) "Rules lines.")

(defconst mj--suit-faces
  '(("m" . mj-man-face)
    ("p" . mj-pin-face)
    ("s" . mj-sou-face)
    ("z" . mj-honor-face)
    ("h" . mj-honor-face)))

(defun mj--tile-group-matcher (limit)
  "Find the next digit group with a suit letter before LIMIT."
  (re-search-forward "\\([0-9]+\\)\\([mpszh]\\)" limit t))

(defun mj--tile-group-face ()
  "The face of the group just matched, by its suit."
  (cdr (assoc (match-string 2) mj--suit-faces)))

(defvar mj-font-lock-keywords
  `(("#.*$" . font-lock-comment-face)
    ("^[ \t]*\\(rules:\\)\\([^#\n]*\\)" (1 'mj-rules-face) (2 'font-lock-constant-face))
    ("=>[^#\n]*" . 'mj-claim-face)
    ("\\_<\\([a-z][a-z-]*\\)=\\([^[:space:]\u3000\u00a0#\n]*\\)" (1 'mj-key-face) (2 'mj-value-face))
    (mj--tile-group-matcher (1 (mj--tile-group-face)) (2 (mj--tile-group-face)))
    ("[0-9]*\\(0\\)[0-9]*[mps]" 1 'mj-red-five-face prepend)
    ;; A word with a letter no letter honor has: an option (riichi, tsumo).
    ("\\_<[eswngrh]*[a-dfi-mo-qt-vx-z-][a-z0-9-]*" . 'mj-option-face)
    ("wh\\|[eswngr]" . 'mj-honor-face)
    ("[\U0001F007-\U0001F00F]" . 'mj-man-face)
    ("[\U0001F019-\U0001F021]" . 'mj-pin-face)
    ("[\U0001F010-\U0001F018]" . 'mj-sou-face)
    ("[\U0001F000-\U0001F006]" . 'mj-honor-face)
    ("[][()]" . 'mj-bracket-face))
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
  (when (and (fboundp 'treesit-available-p) (treesit-available-p))
    (treesit-font-lock-rules
     :language 'mj :feature 'comment
     '((comment) @font-lock-comment-face)
     :language 'mj :feature 'tile
     '(((tile_group (tile) @mj-man-face (suit) @_s) (:equal "m" @_s))
       ((tile_group (tile) @mj-pin-face (suit) @_s) (:equal "p" @_s))
       ((tile_group (tile) @mj-sou-face (suit) @_s) (:equal "s" @_s))
       ((tile_group (tile) @mj-honor-face (suit) @_s) (:match "^[zh]$" @_s))
       ((suit) @mj-man-face (:equal "m" @mj-man-face))
       ((suit) @mj-pin-face (:equal "p" @mj-pin-face))
       ((suit) @mj-sou-face (:equal "s" @mj-sou-face))
       ((suit) @mj-honor-face (:match "^[zh]$" @mj-honor-face))
       (red_five) @mj-red-five-face
       (honor) @mj-honor-face
       (glyph_man) @mj-man-face
       (glyph_pin) @mj-pin-face
       (glyph_sou) @mj-sou-face
       (glyph_honor) @mj-honor-face
       (meld ["(" ")" "[" "]"] @mj-bracket-face))
     :language 'mj :feature 'option
     '((option key: (option_key) @mj-key-face)
       (option "=" @mj-key-face)
       (option_value) @mj-value-face
       (claim "=>" @mj-claim-face)
       (claim_number) @mj-claim-face
       (claim_word) @mj-claim-face
       (rules_line "rules:" @mj-rules-face)
       (rule) @font-lock-constant-face)))
  "Highlighting of `mj-ts-mode'.")

(defun mj--c-compiler ()
  "The C compiler to build the grammar with: $CC, else cc, gcc or clang."
  (seq-find #'executable-find
            (delq nil (list (getenv "CC") "cc" "gcc" "clang"))))

(defun mj-install-grammar ()
  "Compile tree-sitter-mj from `mj-grammar-directory' into the user's
tree-sitter directory, with the C compiler found ($CC, cc, gcc, clang)."
  (interactive)
  (unless (and mj-grammar-directory
               (file-exists-p (expand-file-name "src/parser.c" mj-grammar-directory)))
    (user-error "No grammar sources: set `mj-grammar-directory' to a clone's grammar/"))
  (let* ((cc (or (mj--c-compiler)
                 (user-error "No C compiler to build tree-sitter-mj (set $CC, or install cc, gcc or clang)")))
         (src (expand-file-name "src" mj-grammar-directory))
         (out-dir (locate-user-emacs-file "tree-sitter"))
         (out (expand-file-name
               (concat "libtree-sitter-mj" module-file-suffix) out-dir))
         ;; Built beside and renamed: a running Emacs may have the old one loaded.
         (tmp (make-temp-name (concat out ".tmp"))))
    (make-directory out-dir t)
    (with-temp-buffer
      (unless (zerop (call-process cc nil t nil "-O2" "-shared" "-fPIC"
                                   "-std=c11" "-I" src
                                   (expand-file-name "parser.c" src)
                                   (expand-file-name "scanner.c" src)
                                   "-o" tmp))
        (ignore-errors (delete-file tmp))
        (error "Building tree-sitter-mj with %s failed: %s" cc (buffer-string))))
    (rename-file tmp out t)
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

;;;###autoload
(defun mj-eglot-contact (&rest _)
  "The server command for eglot: `mj-tenpai-program'."
  mj-tenpai-program)

;; Autoloaded, so that an installed package registers the server as soon as
;; eglot loads, before any `.mj' file has loaded this file: hence a function
;; (which loads the file when eglot calls it), not the variable's value.
;;;###autoload
(with-eval-after-load 'eglot
  (defvar eglot-server-programs)
  (add-to-list 'eglot-server-programs
               '((mj-mode mj-ts-mode markdown-mode gfm-mode) . mj-eglot-contact)))

;;;###autoload
(with-eval-after-load 'markdown-mode
  (defvar markdown-code-lang-modes)
  (add-to-list 'markdown-code-lang-modes '("mj" . mj-mode)))

(provide 'mj-mode)
;;; mj-mode.el ends here
