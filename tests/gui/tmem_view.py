#!/usr/bin/env python3
"""The hardware view of a tensor-memory layout, through the real window.

For each TMEM preset the window is driven to the Hardware tab (layoutscope
--actions under Xvfb). From the CLI's `bases` (rows: TMEM lane bits, cols:
column-unit bits, exact against Triton 3.9) the test computes which 32-bit
column of which lane holds which elements, independently of the window, and
checks in the screenshot: the meta file's used columns; every cell holding
elements is drawn, every other cell has the background colour of column 500
(cells under the frame and the quadrant lines are not sampled);
two cells holding elements of one tensor row have one colour, cells of two
different rows differ where the rows are adjacent.
Exit 0 when all hold; 77 (skip) without xvfb-run.
"""
import argparse
import json
import os
import struct
import subprocess
import sys
import zlib

import scripted

PRESETS = ["tmem-acc-128x128-f32", "tmem-acc-m64-f32", "tmem-operand-f16-colstride2", "tmem-acc-two-cta-256x128"]


def read_png(path):
    """RGB(A) 8-bit non-interlaced PNG -> (width, height, channels, rows of bytes)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and interlace == 0, "unsupported PNG"
            ch = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, rows, prev = zlib.decompress(idat), w * ch, [], bytearray(w * ch)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - ch] if i >= ch else 0
            b, c = prev[i], prev[i - ch] if i >= ch else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, ch, rows


def expected_cells(cli, preset_text, shape, bits):
    """{(block, lane, column): set of row-major elements} from the CLI's TMEM bases."""
    r = subprocess.run([cli, "bases", preset_text, "--shape", "x".join(map(str, shape))],
                       capture_output=True, text=True, check=True)
    tm = json.loads(r.stdout)["tmem"]
    rows, cols, blocks = tm["rows"], tm["cols"], tm.get("block", [])
    cells = {}
    for b in range(1 << len(blocks)):
        for lane in range(1 << len(rows)):
            for u in range(1 << len(cols)):
                coord = [0] * len(shape)
                for bases, idx in ((blocks, b), (rows, lane), (cols, u)):
                    for k, v in enumerate(bases):
                        if idx >> k & 1:
                            coord = [x ^ y for x, y in zip(coord, v)]
                e = 0
                for d, x in zip(shape, coord):
                    e = e * d + x
                cells.setdefault((b, lane, u * bits // 32), set()).add(e)
    return cells


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--app", required=True)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    xvfb = scripted.xvfb_or_skip()
    os.makedirs(a.out, exist_ok=True)
    failures = []
    for name in PRESETS:
        base = os.path.join(a.out, "tmem-" + name)
        r, meta = scripted.run_actions(xvfb, a.app, base, [{"preset": name}, {"view": "hardware"}, {"frames": 2}],
                                       size="1280x800")
        if meta is None:
            failures.append("%s: exit %d %s" % (name, r.returncode, r.stderr[-500:]))
            continue
        tm = meta.get("tmem")
        if not tm:
            failures.append("%s: no TMEM grid in the hardware view (meta %s)" % (name, list(meta)))
            continue
        shape, bits = meta["shape"], meta["elem_bits"]
        cells = expected_cells(a.cli, meta["layout"], shape, bits)
        used = 1 + max(c for (_, _, c) in cells)
        if tm["used_columns"] != used or tm["blocks"] != 1 + max(b for (b, _, _) in cells):
            failures.append("%s: window says %d columns, %d CTAs; the bases give %d" %
                            (name, tm["used_columns"], tm["blocks"], used))
        w, h, ch, img = read_png(base + ".png")
        (ox, oy), cell = tm["origin"], tm["cell"]

        def pixel(lane, col):
            x, y = int(ox + (col + 0.5) * cell), int(oy + (lane + 0.5) * cell)
            if not (0 <= x < w and 0 <= y < h):
                return None
            return tuple(img[y][x * ch:x * ch + 3])

        background = pixel(5, 500)
        # the frame and the quadrant lines (2 px) cover the cells next to them
        near_line = lambda lane, col: col in (0, 1, 510, 511) or min(abs(lane - q) for q in (0, 32, 64, 96, 128)) <= 2
        row_len = shape[-1]
        colour_of_row, checked = {}, 0
        for (b, lane, col), elems in cells.items():
            if b != 0 or lane % 7 or col % 3 or near_line(lane, col):
                continue  # a sample of the first CTA
            p = pixel(lane, col)
            if p is None:
                continue
            checked += 1
            rowid = min(elems) // row_len
            if p == background:
                failures.append("%s: lane %d column %d holds %s but is drawn empty" % (name, lane, col, sorted(elems)[:2]))
            elif colour_of_row.setdefault(rowid, p) != p:
                failures.append("%s: row %d drawn in two colours" % (name, rowid))
        for lane in range(0, 128, 9):
            for col in range(used + 1, 511, 37):
                if not near_line(lane, col) and pixel(lane, col) not in (None, background):
                    failures.append("%s: unused lane %d column %d is drawn" % (name, lane, col))
        for r1 in colour_of_row:
            if r1 + 1 in colour_of_row and colour_of_row[r1] == colour_of_row[r1 + 1]:
                failures.append("%s: rows %d and %d in one colour" % (name, r1, r1 + 1))
        print("%s: %d columns, %d cells checked" % (name, used, checked))
    for f in failures[:20]:
        print("FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
