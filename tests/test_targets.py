#!/usr/bin/env python3
"""Prints the build targets the tests with a matching label run: every
BUILD/bin/NAME in their commands (BUILD/bin/NAME is target NAME). Reads the
CTestTestfile.cmake files, so it works before anything is built.
usage: test_targets.py BUILD_DIR LABEL_REGEX"""
import os
import re
import sys


def main():
    build, labels = os.path.abspath(sys.argv[1]), re.compile(sys.argv[2])
    tests, props = {}, {}
    for root, _, files in os.walk(build):
        if "CTestTestfile.cmake" not in files:
            continue
        for line in open(os.path.join(root, "CTestTestfile.cmake")):
            m = re.match(r"add_test\(\[=\[(.+?)\]=\] (.*)\)$", line.strip())
            if m:
                tests[m.group(1)] = re.findall(r'"([^"]*)"', m.group(2))
            m = re.match(r"set_tests_properties\(\[=\[(.+?)\]=\] PROPERTIES (.*)\)$", line.strip())
            if m:
                lm = re.search(r'LABELS "([^"]*)"', m.group(2))
                props[m.group(1)] = lm.group(1).split(";") if lm else []
    pattern = re.compile(re.escape(build) + r"/bin/([A-Za-z0-9_.+-]+)$")
    names = set()
    for name, args in tests.items():
        if not any(labels.fullmatch(l) for l in props.get(name, [])):
            continue
        for a in args:
            m = pattern.search(a.split("=", 1)[-1])
            if m:
                names.add(m.group(1))
    print(" ".join(sorted(names)))


if __name__ == "__main__":
    main()
