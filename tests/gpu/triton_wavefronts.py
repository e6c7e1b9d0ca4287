#!/usr/bin/env python3
"""Counts, on a GPU, the shared-memory wavefronts of Triton's OWN kernels for
the round trips and conversions of the codegen golden file, so the model's
prediction (`layoutscope-cli codegen`) can be held to the hardware.

On the GPU machine (Triton and torch installed, ncu on the PATH):
    ncu --clock-control none --csv --kernel-name regex:'^k_' \
        --metrics l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum \
        python3 tests/gpu/triton_wavefronts.py launch GOLDEN.jsonl --count 100 --order OUT/order.jsonl > OUT/ncu.csv
Here, after the run:
    python3 tests/gpu/triton_wavefronts.py compare OUT/order.jsonl OUT/ncu.csv --cli build/bin/layoutscope-cli
`launch` compiles each case with Triton's JIT (one CTA), checks the output
equals the input, and writes the cases in launch order (appending; --start
resumes after a case that brought the process down, see gpu-wavefronts.sh);
`compare` joins
them with the ncu counters and the model's prediction and prints the table.
`launch --carveout 100` gives every kernel the largest shared-memory carveout:
then L1 data traffic no longer adds shared wavefronts (docs/codegen.md).

Another Triton version than the GPU machine's (it has 3.6 only): here, with
that version's wheel (no GPU needed),
    python tests/gpu/triton_wavefronts.py cubins GOLDEN.jsonl OUT/cubins --live
compiles the picked cases to cubins, and there `launch GOLDEN.jsonl --cubins
OUT/cubins ...` loads and launches them through the driver API instead of
compiling them (CUBINS=DIR in gpu-wavefronts.sh); `compare` then predicts with
the version that compiled each kernel.
"""
import argparse
import csv
import json
import os
import subprocess
import sys

STORE = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
LOAD = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"


def pick(golden, count, target):
    from codegen_golden import read_jsonl  # on the path once golden_kernels() ran
    cases = [c for c in read_jsonl(golden) if c["target"] == target and ("via_shared" in c or "convert" in c)]
    step = max(1, len(cases) // count)
    return [dict(c, index=i) for i, c in enumerate(cases) if i % step == 0][:count]


def golden_kernels():
    """The kernels the golden files were compiled from, and the Gluon names
    their layouts' text is evaluated with."""
    from triton.experimental.gluon import language as gl
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "conformance"))
    from codegen_oracle import kernels
    return kernels(), {k: getattr(gl, k) for k in dir(gl) if k[0].isupper()}


def cubins(args):
    """Compiles the cases `launch` picks with this Python's Triton for sm_90,
    each to OUT/INDEX.cubin, and writes OUT/cases.jsonl: per case its kernel's
    name, shared bytes and parameter count (or the compile error)."""
    import triton
    golden_kernels()  # puts tests/conformance on the path
    from codegen_case_ir import compile_case
    version = ".".join(triton.__version__.split(".")[:2])
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "cases.jsonl"), "w") as meta:
        for c in pick(args.golden, args.count, args.target):
            rec = {"index": c["index"], "triton": version}
            try:
                k = compile_case(c, live=args.live)
                if getattr(k.metadata, "global_scratch_size", 0):
                    raise RuntimeError("the kernel asks for global scratch memory")
                with open(os.path.join(args.out, "%d.cubin" % c["index"]), "wb") as f:
                    f.write(k.asm["cubin"])
                entry = k.asm["ptx"].split(".entry", 1)[1].split(")", 1)[0]
                rec.update(kernel=k.metadata.name, shared=int(k.metadata.shared), params=entry.count(".param"))
            except Exception as e:  # noqa: BLE001 - recorded; launch reports the case as not launched
                rec["error"] = "compile: " + str(e).splitlines()[0][:200]
            meta.write(json.dumps(rec) + "\n")
    return 0


def launch(args):
    import torch
    import triton
    ks, names = golden_kernels()
    version = ".".join(triton.__version__.split(".")[:2])
    compiled = {}  # case index -> its record in cases.jsonl, with --cubins
    if args.cubins:
        compiled = {r["index"]: r for r in map(json.loads, open(os.path.join(args.cubins, "cases.jsonl")))}
    dtypes = {8: torch.int8, 16: torch.float16, 32: torch.float32}
    out = open(args.order, "a")
    started = open(args.order + ".started", "a")  # a case started and never recorded crashed the process
    for pos, c in enumerate(pick(args.golden, args.count, args.target)):
        if pos < args.start or (args.only is not None and pos not in args.only):
            continue
        for rep in range(args.repeat):
            started.write("%d\n" % pos)
            started.flush()
            if args.cubins:
                rec = launch_cubin(c, compiled[c["index"]], args, dtypes[c["bits"]])
            else:
                rec = launch_one(c, args, ks, names, dtypes[c["bits"]])
                rec["triton"] = version
            rec["repeat"] = rep
            out.write(json.dumps(rec) + "\n")
            out.flush()
    return 0


def set_carveout(ck, percent):
    """The kernel's preferred shared-memory carveout (percent of the unified
    L1/shared storage). At the default a kernel with little shared memory gets
    a small one, and its 64/128-bit shared accesses count extra wavefronts
    while L1 data traffic (spills, fills) runs beside them (docs/codegen.md)."""
    import ctypes
    ck._init_handles()
    cu_func_attribute_preferred_shared_memory_carveout = 9
    rc = ctypes.CDLL("libcuda.so.1").cuFuncSetAttribute(
        ctypes.c_void_p(ck.function), cu_func_attribute_preferred_shared_memory_carveout, percent)
    if rc != 0:
        raise RuntimeError("cuFuncSetAttribute(carveout %d) returned %d" % (percent, rc))


def grow_shared(ck, nbytes):
    """Launches the kernel with at least nbytes of dynamic shared memory
    (at most 48 KiB: no attribute needed): Triton 3.6's wrong addresses may
    reach past its own allocation and fault; the instructions, and so the
    counted wavefronts, stay the same."""
    shared = max(ck.metadata.shared, min(nbytes, 48 * 1024))
    ck.metadata = ck.metadata._replace(shared=shared)
    ck.packed_metadata = ck.packed_metadata[:2] + (shared,) + tuple(ck.packed_metadata[3:])


def launch_one(c, args, ks, names, dtype):
    """Runs one case's kernel (one CTA) and says whether its output is right."""
    import torch
    m, n = c["shape"]
    x = (torch.arange(m * n, device="cuda") % 127).to(dtype).reshape(m, n)
    y = torch.zeros_like(x)
    r = eval(c["load"], names)
    mode = "via_shared" if "via_shared" in c else "convert"
    try:
        kernel_args = (x, y, m, n, r, eval(c[mode], names), args.live)
        if args.carveout is not None or args.shared_bytes:  # compiled first: its one profiled launch has them
            ck = ks[mode].warmup(*kernel_args, num_warps=c["num_warps"], grid=(1,))
            if args.carveout is not None:
                set_carveout(ck, args.carveout)
            if args.shared_bytes:
                grow_shared(ck, args.shared_bytes)
        ck = ks[mode][(1,)](*kernel_args, num_warps=c["num_warps"])
        torch.cuda.synchronize()
        if args.cubin_dir:  # Triton's machine code, for reading its SASS afterwards
            with open(os.path.join(args.cubin_dir, "%d.cubin" % c["index"]), "wb") as f:
                f.write(ck.asm["cubin"])
        rec = {"index": c["index"], "ok": bool(torch.equal(x, y))}
    except Exception as e:  # noqa: BLE001 - one case's failure is recorded, the run goes on
        rec = {"index": c["index"], "ok": False, "error": str(e).splitlines()[0][:200]}
    rec.update({k: c[k] for k in ("shape", "bits", "num_warps", "load") if k in c})
    rec["mode"] = mode
    rec["other"] = c.get("via_shared", c.get("convert"))
    rec["launched"] = "error" not in rec
    return rec


def launch_cubin(c, meta, args, dtype):
    """Runs one case's precompiled kernel (`cubins`) through the driver API,
    one CTA, and says whether its output is right."""
    import ctypes
    import torch
    m, n = c["shape"]
    x = (torch.arange(m * n, device="cuda") % 127).to(dtype).reshape(m, n)
    y = torch.zeros_like(x)
    mode = "via_shared" if "via_shared" in c else "convert"
    rec = {"index": c["index"], "ok": False, "triton": meta["triton"]}
    cu = ctypes.CDLL("libcuda.so.1")
    cu.cuLaunchKernel.argtypes = [ctypes.c_void_p] + [ctypes.c_uint] * 7 + [ctypes.c_void_p] * 3

    def check(rc, what):
        if rc != 0:
            raise RuntimeError("%s returned CUDA error %d" % (what, rc))
    try:
        if "error" in meta:
            raise RuntimeError(meta["error"])
        image = open(os.path.join(args.cubins, "%d.cubin" % c["index"]), "rb").read()
        module, fn = ctypes.c_void_p(), ctypes.c_void_p()
        check(cu.cuModuleLoadData(ctypes.byref(module), image), "cuModuleLoadData")
        check(cu.cuModuleGetFunction(ctypes.byref(fn), module, meta["kernel"].encode()), "cuModuleGetFunction")
        shared = max(meta["shared"], min(args.shared_bytes, 48 * 1024))
        cu_func_attribute_max_dynamic_shared_size_bytes, cu_func_attribute_preferred_shared_memory_carveout = 8, 9
        if shared > 48 * 1024:
            check(cu.cuFuncSetAttribute(fn, cu_func_attribute_max_dynamic_shared_size_bytes, shared),
                  "cuFuncSetAttribute(shared)")
        if args.carveout is not None:
            check(cu.cuFuncSetAttribute(fn, cu_func_attribute_preferred_shared_memory_carveout, args.carveout),
                  "cuFuncSetAttribute(carveout)")
        # the two tensors, then Triton's scratch pointers (none used: null)
        values = [ctypes.c_void_p(x.data_ptr()), ctypes.c_void_p(y.data_ptr())]
        values += [ctypes.c_void_p(0) for _ in range(meta["params"] - 2)]
        params = (ctypes.c_void_p * len(values))(*[ctypes.addressof(v) for v in values])
        torch.cuda.synchronize()
        check(cu.cuLaunchKernel(fn, 1, 1, 1, 32 * c["num_warps"], 1, 1, shared, None, params, None), "cuLaunchKernel")
        torch.cuda.synchronize()
        cu.cuModuleUnload(module)
        rec["ok"] = bool(torch.equal(x, y))
    except Exception as e:  # noqa: BLE001 - one case's failure is recorded, the run goes on
        rec["error"] = str(e).splitlines()[0][:200]
    rec.update({k: c[k] for k in ("shape", "bits", "num_warps", "load") if k in c})
    rec["mode"] = mode
    rec["other"] = c[mode]
    rec["launched"] = "error" not in rec
    return rec


def read_ncu(path):
    """Per launched kernel in launch order: {metric: value}. The file may be
    several ncu CSV outputs one after another (gpu-wavefronts.sh resumes),
    each with its own header and IDs counted from 0."""
    kernels, segment, header = [], -1, None
    for row in csv.reader(l for l in open(path) if l.startswith('"')):
        if row[0] == "ID":
            header, segment = row, segment + 1
            continue
        r = dict(zip(header, row))
        key = (segment, int(r["ID"]))
        if not kernels or kernels[-1][0] != key:
            # which kernel, with how many threads: compare() checks them against the order file
            kernels.append((key, {"kernel": r["Kernel Name"], "threads": r["Block Size"]}))
        kernels[-1][1][r["Metric Name"]] = float(r["Metric Value"].replace(",", ""))
    return [k for _, k in kernels]


def compare(args):
    order = [json.loads(l) for l in open(args.order)]
    launched = [o for o in order if o["launched"]]
    counters = read_ncu(args.ncu)
    # A case that brought the process down was profiled too (its launch
    # position is in crashed.txt beside the order file): drop its counters.
    crashed = os.path.join(os.path.dirname(args.order), "crashed.txt")
    if os.path.exists(crashed) and len(counters) > len(launched):
        for pos in sorted((int(x) for x in open(crashed).read().split()), reverse=True):
            del counters[pos]
    if len(counters) != len(launched):
        print("ncu profiled %d kernels, %d were launched" % (len(counters), len(launched)))
        return 1
    equal = total = wrong_output = 0
    seen = {}  # case index -> (model, [hardware counts of each launch])
    for pos, (o, k) in enumerate(zip(launched, counters)):
        # a counter row of another case (rounds joined out of order, a crash not dropped) shows here
        if k["kernel"] != "k_" + o["mode"] or k["threads"] != "(%d, 1, 1)" % (32 * o["num_warps"]):
            print("launch %d (case %d): ncu profiled %s with %s threads, not k_%s with %d: the files disagree"
                  % (pos, o["index"], k["kernel"], k["threads"], o["mode"], 32 * o["num_warps"]))
            return 1
        wrong_output += not o["ok"]
        if o["index"] not in seen:
            cmd = [args.cli, "codegen", "--load", o["load"], "--" + o["mode"].replace("_", "-"), o["other"],
                   "--shape", "%dx%d" % tuple(o["shape"]), "--bits", str(o["bits"]), "--triton", o.get("triton", "3.6"),
                   "--target", "sm_90"]
            p = subprocess.run(cmd, capture_output=True, text=True)
            if p.returncode != 0:
                print("case %d: codegen failed: %s" % (o["index"], p.stderr.strip()[:200]))
                seen[o["index"]] = (None, [])
            else:
                w = json.loads(p.stdout)["wavefronts"]
                seen[o["index"]] = ((w["shared_store"], w["shared_load"]), [])
        want, runs = seen[o["index"]]
        got = (int(k.get(STORE, -1)), int(k.get(LOAD, -1)))
        runs.append(got)
        total += 1
        equal += got == want
        if want is not None and (got != want or args.verbose):
            print("case %d %s %s: hardware store/load %s, model %s" % (o["index"], o["mode"], o["shape"], got, want))
    print("%d of %d kernels: counted wavefronts equal the prediction; %d wrong outputs" % (equal, total, wrong_output))
    if any(len(r) > 1 for _, r in seen.values()):  # --repeat: does the hardware count change from launch to launch?
        for index, (want, runs) in seen.items():
            print("case %d: model %s; %d launches counted %s" % (
                index, want, len(runs), ", ".join("%s x%d" % (g, runs.count(g)) for g in sorted(set(runs)))))
    return 0 if equal == total and not wrong_output else 1


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("launch")
    a.add_argument("golden")
    a.add_argument("--count", type=int, default=100)
    a.add_argument("--target", default="sm_90")
    a.add_argument("--order", required=True)
    a.add_argument("--start", type=int, default=0, help="position in the picked list to start at")
    a.add_argument("--only", type=lambda t: {int(x) for x in t.split(",")},
                   help="launch only the cases at these positions (comma-separated)")
    a.add_argument("--live", action="store_true",
                   help="a barrier after the local_load/convert_layout keeps every shared load executed")
    a.add_argument("--repeat", type=int, default=1, help="launch each case this many times")
    a.add_argument("--shared-bytes", type=int, default=0,
                   help="launch with at least this much dynamic shared memory (at most 48 KiB; grow_shared)")
    a.add_argument("--carveout", type=int, choices=range(0, 101), metavar="0-100",
                   help="the kernels' preferred shared-memory carveout in percent (default: the driver's)")
    a.add_argument("--cubin-dir", help="write each kernel's cubin here as INDEX.cubin")
    a.add_argument("--cubins", help="launch the cubins `cubins` compiled into this folder instead of compiling")
    k = sub.add_parser("cubins")
    k.add_argument("golden")
    k.add_argument("out")
    k.add_argument("--count", type=int, default=100)
    k.add_argument("--target", default="sm_90")
    k.add_argument("--live", action="store_true", help="as launch --live")
    b = sub.add_parser("compare")
    b.add_argument("order")
    b.add_argument("ncu")
    b.add_argument("--cli", required=True)
    b.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    return {"launch": launch, "cubins": cubins, "compare": compare}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
