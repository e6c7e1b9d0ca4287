#!/usr/bin/env bash
# The sanitizer pass: builds layoutscope with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer into build-asan/ (only the targets the unit and
# gui tests run, plus the fuzz targets), runs `ctest -L 'unit|gui'` there,
# every example command of README.md and docs/*.md, and each libFuzzer target
# for a fixed budget. Any sanitizer report fails the run.
#   FUZZ_SECONDS=N  seconds per fuzz target (default 30; 0 skips fuzzing). The seed
#   is fixed so runs explore alike; fuzz longer, with other seeds, by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=$root/build-asan
fuzz_seconds=${FUZZ_SECONDS:-30}
start=$(date +%s)

scripts/install-deps.sh

flags="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=all -fno-omit-frame-pointer"
cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined -Wl,--as-needed" -DLAYOUTSCOPE_FUZZ=ON >/dev/null

# halt_on_error etc.: every report is fatal; LSan ignores only the third-party
# leaks listed in tests/lsan.supp (Mesa, GLFW, X11), never project code.
# intercept_tls_get_addr=0: clang 14's runtime guesses the bounds of dynamic TLS
# blocks (the GL driver's) from a glibc 2.19 header layout; when a block lands
# 16 bytes past a page the guess reads garbage (e.g. 0x19e0-0x1800002ae2) and
# LSan's tracer faults scanning it ("Tracer caught signal 11"), at exit of
# about one GUI run in twenty. Our code has no dynamic TLS (it is linked in).
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0:exitcode=86:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1:intercept_tls_get_addr=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=86"
export LSAN_OPTIONS="suppressions=$root/tests/lsan.supp:print_suppressions=0"

# The executables the selected tests run (build-asan/bin/NAME is target NAME).
targets=$(python3 tests/test_targets.py "$build" 'unit|gui')
fuzz_targets=$(tr ' ' '\n' <<<"$targets" | grep '^fuzz_' | tr '\n' ' ')
echo "test-sanitizers: building $targets"
cmake --build "$build" -j "$(nproc)" --target $targets

# dlclose made a no-op (tests/keep_modules.c): the GL driver's libraries stay
# mapped, so leaks inside them are named and matched by tests/lsan.supp.
mkdir -p "$build"
cc -shared -fPIC -o "$build/keep_modules.so" tests/keep_modules.c
export LD_PRELOAD="$build/keep_modules.so"

# the unit label includes docs_examples: every example command of README.md and docs/*.md
echo "test-sanitizers: ctest -L 'unit|gui'"
# a failure here is reported at the end, after the fuzzers ran too
status=0
(cd "$build" && ctest --output-on-failure -j "$(nproc)" -L 'unit|gui') || status=1

if [ "$fuzz_seconds" -gt 0 ]; then
  for t in $fuzz_targets; do
    corpus=$(mktemp -d)
    cp -r tests/fuzz/corpus/${t#fuzz_}/. "$corpus/"
    echo "test-sanitizers: $t for ${fuzz_seconds}s"
    "$build/bin/$t" -seed=1 -max_total_time="$fuzz_seconds" -max_len=4096 -timeout=5 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$build/fuzz-$t-" "$corpus" 2>"$build/$t.log" \
      || { tail -n 60 "$build/$t.log"; echo "test-sanitizers: $t failed (artifact in $build/fuzz-$t-*)"; status=1; }
    grep -E 'stat::number_of_executed_units' "$build/$t.log" | sed "s/^/  $t: /"
    rm -rf "$corpus"
  done
fi
if [ "$status" -ne 0 ]; then
  echo "test-sanitizers: FAILED after $(( $(date +%s) - start ))s"
  exit 1
fi
echo "test-sanitizers: clean in $(( $(date +%s) - start ))s"
