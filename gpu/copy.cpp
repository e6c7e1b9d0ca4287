#include "copy.h"

#include <algorithm>

#include "error.h"
#include "io/text.h"
#include "runtime.h"

namespace ls::gpu {
namespace {

double median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// Elements a strided view spans: the largest offset plus one.
int64_t span(const Shape& shape, const std::vector<int64_t>& strides) {
  int64_t s = 1;
  for (size_t i = 0; i < shape.size(); ++i) s += (shape[i] - 1) * strides[i];
  return s;
}

}  // namespace

CopyKernel plan_copy(const CopyRequest& r) {
  CopyPlan p{r.load,      r.store,  r.tile, r.shape, view_strides(r.shape, r.in_view), view_strides(r.shape, r.out_view),
             r.elem_bytes, r.triton, r.version};
  return make_copy_kernel(p);
}

CopyResult run_copy(const CopyRequest& r) {
  CopyResult out;
  out.kernel = plan_copy(r);
  std::vector<int64_t> si = view_strides(r.shape, r.in_view), so = view_strides(r.shape, r.out_view);
  int64_t n_in = span(r.shape, si), n_out = span(r.shape, so), elems = 1;
  for (int64_t s : r.shape) elems *= s;
  Buffer in(n_in * r.elem_bytes), dst(n_out * r.elem_bytes);
  Buffer bad(sizeof(uint64_t));
  std::string support = support_source(r.elem_bytes);
  Kernel fill = compile(support, "ls_fill"), check = compile(support, "ls_check");
  Kernel copy = compile(out.kernel.source, out.kernel.name);
  out.registers = copy.registers;
  out.local_bytes = copy.local_bytes;
  void* pin = in.get();
  void* pout = dst.get();
  unsigned long long seed = 0x9e3779b97f4a7c15ULL;
  launch(fill, 1024, 256, 0, {&pin, &n_in, &seed});
  // Verify first: the output is poisoned, so an element never written differs.
  dst.fill_bytes(0xff);
  bad.fill_bytes(0);
  int64_t tiles1 = r.shape.back() / r.tile.back(), tiles0 = r.shape.size() == 2 ? r.shape[0] / r.tile[0] : 1;
  int64_t s2i[2] = {si.size() == 2 ? si[0] : 0, si.back()}, s2o[2] = {so.size() == 2 ? so[0] : 0, so.back()};
  std::vector<void*> args = {&pin, &pout, &tiles0, &tiles1, &s2i[0], &s2i[1], &s2o[0], &s2o[1]};
  const Grid grid(out.kernel.grid / out.kernel.grid_y, out.kernel.grid_y);
  launch(copy, grid, out.kernel.threads, out.kernel.smem_bytes, args);
  int64_t rows = r.shape.size() == 2 ? r.shape[0] : 1, cols = r.shape.back();
  void* pbad = bad.get();
  launch(check, 1024, 256, 0, {&pin, &pout, &rows, &cols, &s2i[0], &s2i[1], &s2o[0], &s2o[1], &pbad});
  bad.download(&out.mismatches, sizeof(uint64_t));
  out.ms = median(time_launches(copy, grid, out.kernel.threads, out.kernel.smem_bytes, args, r.warmup, r.reps));
  out.bytes = 2 * elems * r.elem_bytes;
  out.tbps = out.bytes / (out.ms * 1e-3) / 1e12;
  const DeviceInfo& dev = current_device();
  out.ptx_per_thread = count_ptx(compile_ptx(out.kernel.source, dev.major * 10 + dev.minor));
  if (r.triton_kernel) {
    TritonRun t;
    t.kernel = compile_triton_copy({r.triton_load, r.triton_store, r.tile, r.shape, si, so, 8 * r.elem_bytes,
                                    out.kernel.threads / 32, dev.major * 10 + dev.minor});
    Kernel tk = load_cubin(t.kernel.cubin, t.kernel.name);
    t.registers = tk.registers;
    t.local_bytes = tk.local_bytes;
    std::vector<int64_t> values(t.kernel.args.size());
    std::vector<void*> null_ptrs(t.kernel.args.size(), nullptr), targs;
    for (size_t i = 0; i < t.kernel.args.size(); ++i) {
      auto& [kind, v] = t.kernel.args[i];
      values[i] = v;
      if (kind == "in") targs.push_back(&pin);
      else if (kind == "out") targs.push_back(&pout);
      else if (kind == "null") targs.push_back(&null_ptrs[i]);
      else targs.push_back(&values[i]);  // i32 / i64: little-endian, the low word first
    }
    const int threads = 32 * t.kernel.num_warps;
    dst.fill_bytes(0xff);
    bad.fill_bytes(0);
    launch(tk, t.kernel.grid, threads, t.kernel.shared, targs);
    launch(check, 1024, 256, 0, {&pin, &pout, &rows, &cols, &s2i[0], &s2i[1], &s2o[0], &s2o[1], &pbad});
    bad.download(&t.mismatches, sizeof(uint64_t));
    t.ms = median(time_launches(tk, t.kernel.grid, threads, t.kernel.shared, targs, r.warmup, r.reps));
    t.tbps = out.bytes / (t.ms * 1e-3) / 1e12;
    out.triton = std::move(t);
  }
  size_t mbytes = static_cast<size_t>(std::min(n_in, n_out) * r.elem_bytes);
  double mms = median(time_memcpy(pout, pin, mbytes, r.warmup, r.reps));
  out.memcpy_tbps = 2.0 * mbytes / (mms * 1e-3) / 1e12;
  return out;
}

std::vector<SweepRow> sweep_gluon_memcpy(const std::function<void(int, int)>& progress,
                                         const std::atomic<bool>* cancel, bool triton, bool triton_kernel) {
  struct Item {
    std::string experiment, label;
    CopyRequest req;
  };
  std::vector<Item> items;
  // a request over `tile`: loads with `in`, stores with `out` (Blocked specs)
  auto req = [&](const Blocked& in, const Blocked& out, const Shape& tile, const Shape& shape, const char* iv,
                 const char* ov) {
    CopyRequest r;
    r.load = to_linear(Spec{in}, tile);
    r.store = to_linear(Spec{out}, tile);
    r.tile = tile;
    r.shape = shape;
    r.in_view = iv;
    r.out_view = ov;
    r.triton = triton;
    r.triton_kernel = triton_kernel;
    r.triton_load = print_gluon(Spec{in});
    r.triton_store = print_gluon(Spec{out});
    return r;
  };
  const int64_t n = int64_t{1} << 28;  // 1 GiB of fp32, far larger than the L2
  for (int xb = 10; xb <= 14; ++xb)
    for (int rl = 0; rl <= 4; ++rl) {
      int64_t xblock = int64_t{1} << xb;
      int32_t R = 1 << rl;
      Blocked l{{R}, {32}, {4}, {0}, {}};
      items.push_back({"1d", "XBLOCK=" + std::to_string(xblock) + " R=" + std::to_string(R),
                       req(l, l, {xblock}, {n}, "contiguous", "contiguous")});
    }
  const Shape shape2{4096, 64 * 1024};
  Blocked rows{{1, 1}, {1, 32}, {1, 4}, {1, 0}, {}}, cols{{1, 1}, {32, 1}, {4, 1}, {0, 1}, {}};
  items.push_back({"2d", "row layout, contiguous tensor", req(rows, rows, {1, 2048}, shape2, "contiguous", "contiguous")});
  items.push_back({"2d", "row layout, transposed tensor", req(rows, rows, {1, 2048}, shape2, "transposed", "transposed")});
  // the same bytes as 65536x4096: a grid's y (dim-1 tiles) stays under 65536
  items.push_back({"2d", "column layout, transposed tensor",
                   req(cols, cols, {2048, 1}, {64 * 1024, 4096}, "transposed", "transposed")});
  items.push_back({"2d-inout", "contiguous in, transposed out, row layout only",
                   req(rows, rows, {128, 128}, shape2, "contiguous", "transposed")});
  items.push_back({"2d-inout", "contiguous in, transposed out, in/out layouts",
                   req(rows, cols, {128, 128}, shape2, "contiguous", "transposed")});
  items.push_back({"2d-inout", "transposed in, contiguous out, in/out layouts",
                   req(cols, rows, {128, 128}, shape2, "transposed", "contiguous")});
  std::vector<SweepRow> rows_out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (cancel && cancel->load()) break;
    if (progress) progress(static_cast<int>(i), static_cast<int>(items.size()));
    SweepRow row{items[i].experiment, items[i].label, {}, {}};
    try {
      row.result = run_copy(items[i].req);
    } catch (const Failure&) {  // the GPU itself failed: no later row can run
      throw;
    } catch (const Error& e) {  // one row's plan failed: reported, the sweep goes on
      row.error = e.what();
    }
    rows_out.push_back(std::move(row));
  }
  if (progress) progress(static_cast<int>(rows_out.size()), static_cast<int>(items.size()));
  return rows_out;
}

}  // namespace ls::gpu
