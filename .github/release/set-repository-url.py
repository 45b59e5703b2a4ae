#!/usr/bin/env python3
"""The repository's URL lives in one place, the workspace's Cargo.toml
(`[workspace.package] repository`); the manifests that must name it too
(the VS Code extension's, the Emacs package's, the grammar's, Mason's, the
Zed extension's, the Helix snippet, the installer, the install docs) hold the same string.

    set-repository-url.py URL     # the release workflow: every file gets URL
    set-repository-url.py --check # each file names the URL of Cargo.toml

Writes each file beside and renames it over the old one.
"""

import os
import re
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]
CARGO = ROOT / "Cargo.toml"
FILES = [
    "Cargo.toml",
    "README.md",
    "docs/editors.md",
    "editors/vscode/package.json",
    "editors/emacs/mj-mode.el",
    "editors/emacs/README.md",
    "editors/nvim/README.md",
    "editors/helix/languages.toml",
    "editors/nvim/mason/package.yaml",
    "editors/zed/extension.toml",
    "editors/zed/src/lib.rs",
    "grammar/tree-sitter.json",
    ".github/release/install.sh",
]
REPOSITORY_LINE = re.compile(r'^repository = "([^"]+)"$', re.MULTILINE)
# Mason names a GitHub repository as a package URL: pkg:github/OWNER/NAME@VERSION.
PURL = re.compile(r"pkg:github/[^@\s]+@")


def current_url() -> str:
    match = REPOSITORY_LINE.search(CARGO.read_text(encoding="utf-8"))
    if not match:
        sys.exit(f"no `repository = \"...\"` line in {CARGO}")
    return match.group(1)


def write_atomically(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        os.chmod(tmp, path.stat().st_mode & 0o777)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def check() -> int:
    url = current_url()
    missing = [name for name in FILES if url not in (ROOT / name).read_text(encoding="utf-8")]
    for name in missing:
        print(f"{name} does not name {url}", file=sys.stderr)
    print(f"repository URL {url}: {len(FILES) - len(missing)} of {len(FILES)} files name it")
    return 1 if missing else 0


def set_url(new: str) -> int:
    parsed = urlparse(new)
    if parsed.scheme not in ("https", "http") or not parsed.netloc or not parsed.path.strip("/"):
        sys.exit(f"not a repository URL: {new}")
    new = new.rstrip("/")
    old = current_url()
    github = parsed.netloc == "github.com" and parsed.path.strip("/").count("/") == 1
    for name in FILES:
        path = ROOT / name
        text = path.read_text(encoding="utf-8")
        updated = text.replace(old, new)
        if github:
            updated = PURL.sub(f"pkg:github/{parsed.path.strip('/')}@", updated)
        if updated != text:
            write_atomically(path, updated)
            print(f"{name}: {new}")
    return 0


def main() -> int:
    if sys.argv[1:] == ["--check"]:
        return check()
    if len(sys.argv) == 2 and not sys.argv[1].startswith("-"):
        return set_url(sys.argv[1])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
