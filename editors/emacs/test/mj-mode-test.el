;;; mj-mode-test.el --- Tests of mj-mode in a real Emacs  -*- lexical-binding: t; -*-

;; emacs --batch -Q -L editors/emacs -l ert -l editors/emacs/test/mj-mode-test.el \
;;       -f ert-run-tests-batch-and-exit

;;; Code:

(require 'ert)
(require 'mj-mode)

(defconst mj-test--dir
  (file-name-directory (or load-file-name buffer-file-name)))

(defun mj-test--faces-at (text col)
  "The faces at column COL (0-based) of TEXT fontified in `mj-mode'."
  (with-temp-buffer
    (insert text)
    (mj-mode)
    (font-lock-ensure)
    (let ((f (get-text-property (1+ col) 'face)))
      (if (listp f) f (list f)))))

(defmacro mj-test--face (text col face)
  `(should (memq ,face (mj-test--faces-at ,text ,col))))

(ert-deftest mj-mode-byte-compiles-cleanly ()
  (let* ((src (expand-file-name "../mj-mode.el" mj-test--dir))
         (tmp (make-temp-file "mj-mode" nil ".el"))
         (byte-compile-error-on-warn t))
    (unwind-protect
        (progn
          (copy-file src tmp t)
          (should (byte-compile-file tmp)))
      (delete-file tmp)
      (ignore-errors (delete-file (concat tmp "c"))))))

(ert-deftest mj-mode-for-mj-files ()
  (let ((mode (assoc-default "review.mj" auto-mode-alist #'string-match)))
    (should (memq mode '(mj-mode mj-ts-mode)))))

(ert-deftest mj-mode-tiles-by-suit ()
  (let ((line "234m 406p 789s 11z"))
    (mj-test--face line 0 'mj-man-face)
    (mj-test--face line 3 'mj-man-face)
    (mj-test--face line 5 'mj-pin-face)
    (mj-test--face line 6 'mj-red-five-face)
    (mj-test--face line 10 'mj-sou-face)
    (mj-test--face line 15 'mj-honor-face)
    (should-not (mj-test--faces-at line 4) )))

(ert-deftest mj-mode-honors-options-claims-comments ()
  (let ((line "789see (rrr) riichi dora=1m => 7700 # note"))
    (mj-test--face line 4 'mj-honor-face)
    (mj-test--face line 7 'mj-bracket-face)
    (mj-test--face line 8 'mj-honor-face)
    (mj-test--face line 13 'mj-option-face)
    (mj-test--face line 20 'mj-key-face)
    (mj-test--face line 25 'mj-value-face)
    (mj-test--face line 28 'mj-claim-face)
    (mj-test--face line 36 'font-lock-comment-face)))

(ert-deftest mj-mode-rules-lines ()
  (mj-test--face "rules: kiriage" 0 'mj-rules-face)
  (mj-test--face "rules: kiriage" 8 'font-lock-constant-face)
  ;; A comment after the rules does not swallow them.
  (mj-test--face "rules: kiriage # c" 8 'font-lock-constant-face)
  (mj-test--face "rules: kiriage # c" 16 'font-lock-comment-face))

(ert-deftest mj-mode-a-value-ends-at-a-unicode-space ()
  (let ((line "11z dora=1m\u3000tsumo"))
    (mj-test--face line 9 'mj-value-face)
    (mj-test--face line 12 'mj-option-face)))

(ert-deftest mj-mode-a-byte-order-mark-is-part-of-a-value ()
  ;; The server reads `1m\ufefftsumo' as the value (and reports U+FEFF):
  ;; a byte order mark inside a line is no space.
  (let ((line "11z dora=1m\ufefftsumo"))
    (mj-test--face line 12 'mj-value-face)
    (should-not (memq 'mj-option-face (mj-test--faces-at line 12)))))

(ert-deftest mj-mode-comments-with-hash ()
  (with-temp-buffer
    (mj-mode)
    (should (equal comment-start "# "))))

(ert-deftest mj-mode-registers-tenpai-with-eglot ()
  (skip-unless (locate-library "eglot"))
  (require 'eglot)
  (let ((entry (seq-find (lambda (e) (and (listp (car e)) (memq 'mj-mode (car e))))
                         eglot-server-programs)))
    (should entry)
    (should (memq 'markdown-mode (car entry)))
    (should (equal (funcall (cdr entry) nil) '("tenpai" "lsp")))))

(ert-deftest mj-ts-mode-highlights-with-the-grammar ()
  (skip-unless (and (fboundp 'treesit-available-p) (treesit-available-p)
                    (executable-find "cc")))
  (let ((treesit-extra-load-path (list (make-temp-file "mj-ts" t)))
        (user-emacs-directory (file-name-as-directory (car treesit-extra-load-path))))
    (mj-install-grammar)
    (setq treesit-extra-load-path (list (expand-file-name "tree-sitter" user-emacs-directory)))
    (should (treesit-ready-p 'mj))
    (with-temp-buffer
      (insert "234m 406p riichi")
      (mj-ts-mode)
      (font-lock-ensure)
      (should (eq (get-text-property 1 'face) 'mj-man-face))
      (should (eq (get-text-property 7 'face) 'mj-red-five-face)))))

;; Emacs 28 cannot load the grammar, but it can build it.
(ert-deftest mj-install-grammar-builds-the-library ()
  (skip-unless (mj--c-compiler))
  (let ((user-emacs-directory (file-name-as-directory (make-temp-file "mj-ued" t))))
    (unwind-protect
        (progn
          (mj-install-grammar)
          (let ((files (directory-files (expand-file-name "tree-sitter" user-emacs-directory))))
            (should (member (concat "libtree-sitter-mj" module-file-suffix) files))
            ;; Only the library: the temporary file was renamed over it.
            (should (= (length (seq-remove (lambda (f) (member f '("." ".."))) files)) 1))))
      (delete-directory user-emacs-directory t))))

(ert-deftest mj-install-grammar-without-sources-says-so ()
  (let ((mj-grammar-directory (make-temp-file "mj-nogrammar" t)))
    (unwind-protect
        (should (string-match-p "No grammar sources"
                                (cadr (should-error (mj-install-grammar) :type 'user-error))))
      (delete-directory mj-grammar-directory t))))

;;; Installing the package

(defun mj-test--emacs (&rest forms)
  "Run FORMS in a fresh `emacs --batch -Q'; return (EXIT-CODE . OUTPUT)."
  (with-temp-buffer
    (let ((code (apply #'call-process
                       (expand-file-name invocation-name invocation-directory)
                       nil t nil "--batch" "-Q"
                       (mapcan (lambda (f) (list "--eval" (prin1-to-string f))) forms))))
      (cons code (buffer-string)))))

(ert-deftest mj-mode-installs-as-a-package-from-the-working-tree ()
  ;; `package-install-file' on editors/emacs, in a fresh Emacs with an empty
  ;; package directory: afterwards, with nothing but `package-initialize',
  ;; .mj files open in mj-mode and eglot (when Emacs has it) knows tenpai.
  (let* ((elpa (make-temp-file "mj-elpa" t))
         (source (expand-file-name ".." mj-test--dir))
         (review (make-temp-file "review" nil ".mj" "234m 567p 22s 345678s riichi\n")))
    (unwind-protect
        (let ((install (mj-test--emacs
                        `(progn (require 'package)
                                (setq package-user-dir ,elpa)
                                (package-initialize)
                                (package-install-file ,source)))))
          (should (equal (car install) 0))
          (let ((use (mj-test--emacs
                      `(progn (require 'package)
                              (setq package-user-dir ,elpa)
                              (package-initialize)
                              (princ (format "installed=%s\n" (package-installed-p 'mj-mode)))
                              (princ (format "loaded-before=%s\n" (featurep 'mj-mode)))
                              (find-file ,review)
                              (princ (format "mode=%s\n" major-mode))
                              (princ (format "from=%s\n" (symbol-file 'mj-mode)))
                              (when (require 'eglot nil t)
                                (princ (format "eglot=%s\n"
                                               (and (seq-find (lambda (e) (and (listp (car e))
                                                                               (memq 'mj-mode (car e))))
                                                              eglot-server-programs)
                                                    t))))))))
            (should (equal (car use) 0))
            (should (string-match-p "^installed=t$" (cdr use)))
            (should (string-match-p "^loaded-before=nil$" (cdr use)))
            (should (string-match-p "^mode=mj-mode$" (cdr use)))
            (should (string-match-p (concat "^from=" (regexp-quote (file-name-as-directory elpa)))
                                    (cdr use)))
            ;; Emacs 29+ has eglot built in: the autoloads registered tenpai.
            (when (string-match-p "^eglot=" (cdr use))
              (should (string-match-p "^eglot=t$" (cdr use))))))
      (delete-directory elpa t)
      (delete-file review))))

;;; mj-mode-test.el ends here
