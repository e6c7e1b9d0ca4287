#!/usr/bin/env python3
"""Runs every example command of README.md and docs/*.md.

An example is a line of a ```sh block that starts with build/bin/layoutscope-cli
(lines without build/bin/ are synopses with placeholders). Variable lines of
the same file (NAME='...') are defined first; a line ending in \ continues.
Each runs in a scratch folder holding the files the examples name
(tests/docs/) and the repository's assets/. A layout command must exit
0; a `gpu` command may also refuse with one `error:` line (no GPU, no CUDA),
but must not crash. Under the sanitizer build any report fails the command.
Prints "N passed, M failed" and exits 1 on any failure.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPORT = re.compile(r"ERROR: (Address|Leak|Undefined)Sanitizer|runtime error:|SUMMARY: \w+Sanitizer")


def examples(path):
    lines, variables, block = [], [], False
    with open(path) as f:
        text = re.sub(r"\\\n\s*", " ", f.read())  # a command continued with \ is one line
        for line in text.split("\n"):
            s = line
            if s.startswith("```"):
                block = s.strip() in ("```sh", "```bash") if not block else False
                continue
            if not block:
                continue
            if re.match(r"^[A-Z][A-Z0-9_]*='", s):
                variables.append(s)
            elif s.startswith("build/bin/layoutscope-cli "):
                lines.append(s)
    return variables, lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--root", required=True)
    a = ap.parse_args()
    docs = [os.path.join(a.root, "README.md")] + sorted(glob.glob(os.path.join(a.root, "docs", "*.md")))
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for f in glob.glob(os.path.join(a.root, "tests", "docs", "*")):
            if not f.endswith(".py"):
                shutil.copy(f, tmp)
        os.symlink(os.path.join(os.path.abspath(a.root), "assets"), os.path.join(tmp, "assets"))
        os.makedirs(os.path.join(tmp, "build", "bin"))
        os.symlink(os.path.abspath(a.cli), os.path.join(tmp, "build", "bin", "layoutscope-cli"))
        total = 0
        for doc in docs:
            variables, lines = examples(doc)
            for cmd in lines:
                total += 1
                script = "\n".join(variables + [cmd]) + "\n"
                try:
                    p = subprocess.run(["bash", "-c", script], cwd=tmp, capture_output=True, timeout=300)
                except subprocess.TimeoutExpired:
                    failed += 1
                    print(f"FAIL {os.path.basename(doc)}: timed out: {cmd}")
                    continue
                err = p.stderr.decode("utf-8", "replace")
                errlines = err.strip().split("\n")
                gpu = " gpu " in cmd and "--source" not in cmd
                ok = not REPORT.search(err) and (
                    p.returncode == 0 or
                    (gpu and p.returncode in (1, 2, 3) and len(errlines) == 1 and errlines[0].startswith("error: ")))
                if ok:
                    passed += 1
                else:
                    failed += 1
                    print(f"FAIL {os.path.basename(doc)}: exit {p.returncode}: {cmd}\n{err[-3000:]}")
        if total < 20:
            failed += 1
            print(f"FAIL: only {total} examples found; the extraction rule no longer matches the docs")
    print(f"docs examples: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
