// Probe: do identical shared-memory loads of different warps count fewer
// wavefronts? Each warp issues R independent, conflict-free ld.shared of
// BYTES per lane back to back after a barrier; warp w reads the rows of
// (w & mask), so mask picks which warps read the same addresses. Run under
// ncu; the launch order is printed.
#include <cstdio>
#include <cuda_runtime.h>

template <int BYTES> __device__ __forceinline__ unsigned ld(unsigned a) {
  unsigned x = 0, y = 0, z = 0, w = 0;
  if constexpr (BYTES == 1) { unsigned short h; asm volatile("ld.shared.b8 %0, [%1];" : "=h"(h) : "r"(a)); x = h; }
  if constexpr (BYTES == 2) { unsigned short h; asm volatile("ld.shared.b16 %0, [%1];" : "=h"(h) : "r"(a)); x = h; }
  if constexpr (BYTES == 4) asm volatile("ld.shared.b32 %0, [%1];" : "=r"(x) : "r"(a));
  if constexpr (BYTES == 8) asm volatile("ld.shared.v2.b32 {%0,%1}, [%2];" : "=r"(x), "=r"(y) : "r"(a));
  if constexpr (BYTES == 16) asm volatile("ld.shared.v4.b32 {%0,%1,%2,%3}, [%4];" : "=r"(x), "=r"(y), "=r"(z), "=r"(w) : "r"(a));
  return x ^ y ^ z ^ w;
}

template <int R, int BYTES> __global__ void k_probe(unsigned* out, int mask) {
  __shared__ unsigned s[8192];
  for (int i = threadIdx.x; i < 8192; i += blockDim.x) s[i] = i;
  __syncthreads();
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  unsigned base = (unsigned)__cvta_generic_to_shared(s) + BYTES * 32u * R * (warp & mask) + BYTES * lane;
  unsigned acc = 0;
#pragma unroll
  for (int r = 0; r < R; ++r) acc ^= ld<BYTES>(base + BYTES * 32u * r);
  out[threadIdx.x] = acc;
}

template <int R, int BYTES> void run() {
  static unsigned* out = nullptr;
  if (!out) cudaMalloc(&out, 1024 * 4);
  for (int w : {2, 4, 8})
    for (int mask = 0; mask < w; ++mask) {
      k_probe<R, BYTES><<<1, 32 * w>>>(out, mask);
      cudaDeviceSynchronize();
      printf("probe warps=%d reps=%d bytes=%d mask=%d\n", w, R, BYTES, mask);
    }
}

int main() {
  run<2, 1>(); run<8, 1>(); run<2, 2>(); run<8, 2>(); run<2, 4>(); run<8, 4>();
  run<2, 8>(); run<8, 8>(); run<2, 16>(); run<8, 16>();
  return cudaGetLastError() != cudaSuccess;
}
