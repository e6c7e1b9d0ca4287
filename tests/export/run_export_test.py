#!/usr/bin/env python3
"""Drives the export tests (CTest label `export`); exit 77 means skipped.

  cuda  --compiler CXX|NVCC: export_gen writes the `cuda` headers and a
        driver; the driver is compiled (nvcc: as CUDA, with one kernel per
        layout) and run, and its output must equal the model's.
  cute: the same with the `cute` exports and CuTe's headers from PyPI's
        nvidia-cutlass wheel (downloaded into the build dir once).
  tikz: `tikz` exports, among them a 128x32x32 tiled MMA and a pair
        (export --with), compiled by pdflatex inside a minimal document;
        each carries the layout's text as its title.
  svg:  `svg` exports of every preset parse as XML; their colour paths
        cover every cell of the grid exactly once; every panel has its
        row and column indices (every one where they fit); the title is
        the layout's text; the legend shows every colour of the grid. A
        pair (export --with) holds both pictures, each checked the same.
"""
import argparse, json, os, pathlib, re, shutil, subprocess, sys, zipfile
import xml.etree.ElementTree as ET

SKIP = 77
CUTLASS = "nvidia-cutlass==4.2.0.0"


def run(cmd, **kw):
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run(cmd, **kw)


def compare(expected, actual):
    e = pathlib.Path(expected).read_text().splitlines()
    a = pathlib.Path(actual).read_text().splitlines()
    layout = "?"
    for i, (x, y) in enumerate(zip(e, a)):
        if x.startswith("layout "):
            layout = x
        if x != y:
            sys.exit(f"mismatch at line {i + 1} ({layout}): model '{x}', export '{y}'")
    if len(e) != len(a):
        sys.exit(f"the export printed {len(a)} lines, the model {len(e)}")
    print(f"ok: {sum(1 for x in e if x.startswith('layout '))} layouts, {len(e)} lines agree")


def cuda(args):
    out = pathlib.Path(args.out)
    shutil.rmtree(out, ignore_errors=True)
    if run([args.gen, "cuda", args.src, out]).returncode:
        sys.exit("export_gen failed")
    nvcc = os.path.basename(args.compiler).startswith("nvcc")
    exe = out / "driver"
    if nvcc:
        cmd = [args.compiler, "-std=c++17", "-x", "cu", "--Werror", "all-warnings", "-o", exe, out / "driver.cpp"]
    else:
        cmd = [args.compiler, "-std=c++17", "-Wall", "-Wextra", "-Werror", "-pedantic", "-o", exe, out / "driver.cpp"]
    if run(cmd).returncode:
        sys.exit("the exported headers do not compile")
    with open(out / "actual.txt", "w") as f:
        if run([exe], stdout=f).returncode:
            sys.exit("the driver failed")
    compare(out / "expected.txt", out / "actual.txt")


def cute_include(args):
    if args.cute_include:
        return pathlib.Path(args.cute_include)
    root = pathlib.Path(args.out).parent / "cutlass"
    inc = root / "cutlass_library" / "source" / "include"
    if (inc / "cute" / "layout.hpp").exists():
        return inc
    wheels = root / "wheel"
    r = run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", CUTLASS, "-d", wheels],
            capture_output=True, text=True, timeout=300)
    found = list(wheels.glob("nvidia_cutlass-*.whl")) if wheels.exists() else []
    if r.returncode or not found:
        print(f"SKIP: could not fetch {CUTLASS} from PyPI for CuTe's headers: {r.stderr.strip()[-200:]}")
        sys.exit(SKIP)
    with zipfile.ZipFile(found[0]) as z:
        for name in z.namelist():
            if name.startswith("cutlass_library/source/include/"):
                z.extract(name, root)
    return inc


def cute(args):
    if not args.compiler:
        print("SKIP: nvcc not found; CuTe's headers need it (or CUDA's CCCL headers)")
        sys.exit(SKIP)
    inc = cute_include(args)
    out = pathlib.Path(args.out)
    shutil.rmtree(out, ignore_errors=True)
    if run([args.gen, "cute", args.src, out]).returncode:
        sys.exit("export_gen failed")
    exe = out / "cute_driver"
    if run([args.compiler, "-std=c++17", "-I", inc, "-o", exe, out / "cute_driver.cu"]).returncode:
        sys.exit("the CuTe exports do not compile against CuTe")
    with open(out / "cute_actual.txt", "w") as f:
        if run([exe], stdout=f).returncode:
            sys.exit("the CuTe driver failed")
    compare(out / "cute_expected.txt", out / "cute_actual.txt")


TIKZ_LAYOUTS = [
    # A 128x32x32 tiled MMA accumulator: the case that ran LaTeX out of memory.
    ("mma-128x32x32", "tensor<128x32x32xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
     "warpsPerCTA = [2, 2, 1], instrShape = [1, 16, 8]}>>", []),
    ("mma-v3-128x128", "@presets/mma-v3-acc-128x128.json", []),
    ("blocked-16x16-labels", "@presets/overview-blocked-16x16.json", ["--labels", "owner"]),
    ("nvmma-shared-bank", "@presets/nvmma-shared-128b-f16.json", ["--color-by", "bank"]),
    ("blocked-4cta", "@presets/overview-blocked-4cta.json", ["--color-by", "block"]),
    ("pair-blocked-nvmma", "@presets/gluon-blocked-64x16.json", ["--with", "@presets/nvmma-shared-128b-f16.json"]),
]


def layout_arg(text, presets):
    return str(pathlib.Path(presets) / text[len("@presets/"):]) if text.startswith("@presets/") else text


def tikz(args):
    if not args.pdflatex:
        print("SKIP: pdflatex not found (apt-get install texlive-latex-base texlive-pictures)")
        sys.exit(SKIP)
    out = pathlib.Path(args.out)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name, text, extra in TIKZ_LAYOUTS:
        pic = out / f"{name}.tex"
        extra = [layout_arg(e, args.presets) for e in extra]
        if run([args.cli, "export", layout_arg(text, args.presets), "--format", "tikz", "-o", pic] + extra).returncode:
            sys.exit(f"{name}: the tikz export failed")
        tex = pic.read_text()
        titles = tex.count("\\char35 ttg.")  # the MLIR text's "#ttg." in the typewriter font
        if titles < (2 if "--with" in extra else 1) or "colour by" not in tex:
            sys.exit(f"{name}: the TikZ has {titles} layout-text titles")
        doc = out / f"{name}-doc.tex"
        doc.write_text("\\documentclass{article}\n\\usepackage{tikz}\n\\pdfpagewidth=60cm\\pdfpageheight=60cm\n"
                       "\\begin{document}\n\\input{" + pic.name + "}\n\\end{document}\n")
        r = run([args.pdflatex, "-interaction=nonstopmode", "-halt-on-error", doc.name], cwd=out,
                capture_output=True, text=True, timeout=600)
        pdf = out / f"{name}-doc.pdf"
        if r.returncode or not pdf.exists() or pdf.stat().st_size < 1000:
            tail = "\n".join(r.stdout.splitlines()[-15:])
            sys.exit(f"{name}: pdflatex failed (exit {r.returncode}):\n{tail}")
        print(f"ok: {name}: {pic.stat().st_size} bytes of TikZ -> {pdf.stat().st_size} bytes of PDF")


def covered_cells(d):
    """The cells a path of `M x y h w v h h -w z` rectangles covers."""
    cells = []
    for x, y, w, h in re.findall(r"M(\d+) (\d+)h(\d+)v(\d+)h-\d+z", d):
        x, y, w, h = int(x), int(y), int(w), int(h)
        cells += [(x + i, y + j) for j in range(h) for i in range(w)]
    return cells


def svg_texts(group, ns):
    return [t.text for t in group.findall("s:text", ns)]


def check_svg_picture(name, root, prefix, n, mlir):
    """One picture of an SVG export: cells, indices, title, legend."""
    ns = {"s": "http://www.w3.org/2000/svg"}
    g = root.find(f"s:g[@id='{prefix}cells']", ns)
    rows, cols, panels = (int(g.get(k)) for k in ("data-rows", "data-cols", "data-panels"))
    if rows * cols * panels != n:
        sys.exit(f"{name}: the SVG says {rows}x{cols}x{panels} cells, the tensor has {n}")
    cells = [c for path in g.findall("s:path", ns) for c in covered_cells(path.get("d"))]
    if len(cells) != n or len(set(cells)) != n:
        sys.exit(f"{name}: the colour paths cover {len(set(cells))} distinct cells {len(cells)} times; expected {n}")
    # Indices: every step-th one on every panel, step 1 where the labels fit a cell.
    for axis, count, extent in (("col", cols, lambda f, d: f * (d * 0.6 + 0.6)), ("row", rows, lambda f, d: 1.2 * f)):
        grp = root.find(f"s:g[@id='{prefix}{axis}-indices']", ns)
        step, font = int(grp.get("data-step")), float(grp.get("font-size"))
        stride = int(grp.get("data-stride", "1"))  # a folded 1D tensor: rows start at multiples of it
        if stride != 1 and (axis != "row" or stride != cols or rows * cols != n):
            sys.exit(f"{name}: rows of {stride} in a {rows}x{cols} picture of {n} elements")
        want = [str(i * stride) for i in range(0, count, step)] * panels
        if svg_texts(grp, ns) != want:
            sys.exit(f"{name}: {axis} indices {svg_texts(grp, ns)[:8]}... expected {want[:8]}...")
        if step > 1 and extent(font, len(str((count - 1) * stride))) <= step / 2:
            sys.exit(f"{name}: {axis} indices every {step} though every {step // 2} fit")
    # The title: the layout's text (MLIR; a Tilus or CuTe layout's own text), then the caption.
    title = root.find("s:title", ns).text
    kind = svg_texts(root.find(f"s:g[@id='{prefix}title']", ns), ns)[-1].split(" ")[0]
    if not title.startswith(f"{kind} layout " if kind in ("tilus", "cute") else mlir):
        sys.exit(f"{name}: the title '{title[:80]}' is not the layout's text '{mlir[:80]}'")
    # The legend explains every colour of the grid, unless it says it stops short.
    legend = root.find(f"s:g[@id='{prefix}legend']", ns)
    shown = {r.get("fill") for r in legend.findall("s:rect", ns)}
    used = {path.get("fill") for path in g.findall("s:path", ns)}
    if not any(" in all" in t for t in svg_texts(legend, ns)) and not used <= shown:
        sys.exit(f"{name}: colours {sorted(used - shown)[:4]} of the grid are not in the legend")


def svg(args):
    out = pathlib.Path(args.out)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    presets = sorted(pathlib.Path(args.presets).glob("*.json"))
    ns = {"s": "http://www.w3.org/2000/svg"}

    def size(p):
        n = 1
        for s in json.loads(p.read_text())["shape"]:
            n *= s
        return n

    def mlir(p):
        r = run([args.cli, "export", p, "--format", "mlir"], capture_output=True, text=True)
        return r.stdout.strip() if r.returncode == 0 else "(no MLIR text)"

    for p in presets:
        f = out / (p.stem + ".svg")
        if run([args.cli, "export", p, "--format", "svg", "-o", f]).returncode:
            sys.exit(f"{p.name}: the svg export failed")
        check_svg_picture(p.name, ET.parse(f).getroot(), "", size(p), mlir(p))  # ET raises on malformed XML
    a, b = pathlib.Path(args.presets) / "gluon-blocked-64x16.json", pathlib.Path(args.presets) / "nvmma-shared-128b-f16.json"
    f = out / "pair.svg"
    if run([args.cli, "export", a, "--format", "svg", "--with", b, "-o", f]).returncode:
        sys.exit("the svg export of a pair failed")
    root = ET.parse(f).getroot()
    for pane, p in (("a", a), ("b", b)):
        check_svg_picture(f"pair {pane}", root.find(f"s:svg[@id='{pane}']", ns), pane + "-", size(p), mlir(p))
    print(f"ok: {len(presets)} SVGs and a pair parse, cover every cell once, carry indices, title and legend")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["cuda", "cute", "tikz", "svg"])
    ap.add_argument("--gen")
    ap.add_argument("--cli")
    ap.add_argument("--src")
    ap.add_argument("--presets")
    ap.add_argument("--out", required=True)
    ap.add_argument("--compiler", default="")
    ap.add_argument("--cute-include", default="")
    ap.add_argument("--pdflatex", default="")
    args = ap.parse_args()
    {"cuda": cuda, "cute": cute, "tikz": tikz, "svg": svg}[args.mode](args)


if __name__ == "__main__":
    main()
