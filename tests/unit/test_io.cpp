// Readers and writers of layout text (core/io): Triton-printed MLIR and
// Gluon repr() text round-trips byte for byte, every format round-trips
// through the spec structs, and bad input fails with a one-line ls::Error.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "error.h"
#include "io/text.h"

using namespace ls;

namespace {

struct Sample {
  std::string gluon, mlir;
};

// Printed by the Triton 3.6 wheel: repr() of a Gluon layout and str() of the
// tensor / shared memdesc type that carries it.
const std::vector<Sample> kTritonSamples = {
    // Printed by the Triton 3.9 wheel: AMDWMMALayout in its warp/register-bases form.
    {R"(AMDWMMALayout(version=3, transposed=True, warp_bases=[[0, 1], [1, 0]], reg_bases=[[2, 0]], instr_shape=[32, 16, 64], cga_layout=[], rank=2))",
     R"(tensor<128x64xf32, #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {register = [[2, 0]], warp = [[0, 1], [1, 0]]}, instrShape = [32, 16, 64]}>>)"},
    {R"(AMDWMMALayout(version=2, transposed=True, warp_bases=[[1, 0, 0]], reg_bases=[[0, 1, 0]], instr_shape=[16, 16, 16], cga_layout=[[1, 0, 0], [0, 0, 1]], rank=3))",
     R"(tensor<8x128x32xf32, #ttg.amd_wmma<{version = 2, isTranspose = true, ctaLayout = {register = [[0, 1, 0]], warp = [[1, 0, 0]]}, CGALayout = [[1, 0, 0], [0, 0, 1]]}>>)"},
    {R"(AMDWMMALayout(version=3, transposed=True, warp_bases=[], reg_bases=[], instr_shape=[16, 16, 32], cga_layout=[], rank=3))",
     R"(tensor<2x16x16xf32, #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {}, instrShape = [16, 16, 32]}>>)"},
    {R"(BlockedLayout(size_per_thread=[1], threads_per_warp=[32], warps_per_cta=[1], order=[0], cga_layout=[]))",
     R"(tensor<1xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>>)"},
    {R"(BlockedLayout(size_per_thread=[1], threads_per_warp=[32], warps_per_cta=[1], order=[0], cga_layout=[[1]]))",
     R"(tensor<1xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[1]]}>>)"},
    {R"(DotOperandLayout(operand_index=0, parent=BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[32, 1], warps_per_cta=[1, 2], order=[1, 0], cga_layout=[]), k_width=0))",
     R"(tensor<16x1xf32, #ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 2], order = [1, 0]}>}>>)"},
    {R"(DotOperandLayout(operand_index=0, parent=BlockedLayout(size_per_thread=[1, 1], threads_per_warp=[16, 2], warps_per_cta=[16, 1], order=[0, 1], cga_layout=[[0, 1]]), k_width=0))",
     R"(tensor<2x1xf32, #ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [16, 1], order = [0, 1], CGALayout = [[0, 1]]}>}>>)"},
    {R"(DotOperandLayout(operand_index=1, parent=BlockedLayout(size_per_thread=[8, 1], threads_per_warp=[4, 8], warps_per_cta=[1, 1], order=[1, 0], cga_layout=[]), k_width=0))",
     R"(tensor<2x8xf32, #ttg.dot_op<{opIdx = 1, parent = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>}>>)"},
    {R"(DotOperandLayout(operand_index=1, parent=BlockedLayout(size_per_thread=[1, 1], threads_per_warp=[8, 4], warps_per_cta=[2, 1], order=[1, 0], cga_layout=[[0, 1]]), k_width=0))",
     R"(tensor<2x16xf32, #ttg.dot_op<{opIdx = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[0, 1]]}>}>>)"},
    {R"(DotOperandLayout(operand_index=0, parent=AMDMFMALayout(version=4, instr_shape=[4, 64, 4], transposed=True, warps_per_cta=[2, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]), k_width=8))",
     R"(tensor<2x1xf32, #ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 1], instrShape = [4, 64, 4], isTransposed = true}>, kWidth = 8}>>)"},
    {R"(DotOperandLayout(operand_index=0, parent=AMDMFMALayout(version=2, instr_shape=[16, 16, 4], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[0, 1]]), k_width=8))",
     R"(tensor<1x2xf32, #ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [16, 16, 4], isTransposed = true, CGALayout = [[0, 1]]}>, kWidth = 8}>>)"},
    {R"(DotOperandLayout(operand_index=1, parent=AMDMFMALayout(version=1, instr_shape=[64, 4, 4], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]), k_width=8))",
     R"(tensor<4x1xf32, #ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 1, warpsPerCTA = [1, 1], instrShape = [64, 4, 4], isTransposed = true}>, kWidth = 8}>>)"},
    {R"(DotOperandLayout(operand_index=1, parent=AMDMFMALayout(version=2, instr_shape=[32, 32, 1], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[1, 0]]), k_width=4))",
     R"(tensor<256x64xf32, #ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [32, 32, 1], isTransposed = true, CGALayout = [[1, 0]]}>, kWidth = 4}>>)"},
    {R"(DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[2, 1], warps_per_cta=[1, 1], instr_shape=[16, 8], cga_layout=[]), k_width=1))",
     R"(tensor<4x4xf32, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 1, warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kWidth = 1}>>)"},
    {R"(DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 4], instr_shape=[16, 8], cga_layout=[[0, 1]]), k_width=1))",
     R"(tensor<8x32xf32, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], CGALayout = [[0, 1]], instrShape = [16, 8]}>, kWidth = 1}>>)"},
    {R"(DotOperandLayout(operand_index=1, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 1], instr_shape=[16, 8], cga_layout=[]), k_width=1))",
     R"(tensor<1x1xf32, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 8]}>, kWidth = 1}>>)"},
    {R"(DotOperandLayout(operand_index=1, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[4, 2], instr_shape=[16, 8], cga_layout=[[0, 1]]), k_width=1))",
     R"(tensor<16x4xf32, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], CGALayout = [[0, 1]], instrShape = [16, 8]}>, kWidth = 1}>>)"},
    {R"(DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 16, 8], cga_layout=[]), k_width=1))",
     R"(tensor<4x8xf32, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 16, 8]}>, kWidth = 1}>>)"},
    {R"(DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 2], instr_shape=[16, 64, 8], cga_layout=[[0, 1]]), k_width=1))",
     R"(tensor<2x1xf32, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], CGALayout = [[0, 1]], instrShape = [16, 64, 8]}>, kWidth = 1}>>)"},
    {R"(DotOperandLayout(operand_index=0, parent=AMDWMMALayout(version=1, transposed=False, warps_per_cta=[1, 1], instr_shape=[16, 16, 16], tiles_per_warp=[1, 1], cga_layout=[]), k_width=8))",
     R"(tensor<32x1xf32, #ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [1, 1]}>, kWidth = 8}>>)"},
    {R"(DotOperandLayout(operand_index=0, parent=AMDWMMALayout(version=1, transposed=True, warps_per_cta=[16, 1], instr_shape=[16, 16, 16], tiles_per_warp=[1, 1], cga_layout=[[1, 0]]), k_width=8))",
     R"(tensor<64x512xf32, #ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 1, isTranspose = true, warpsPerCTA = [16, 1], CGALayout = [[1, 0]]}>, kWidth = 8}>>)"},
    {R"(DotOperandLayout(operand_index=1, parent=AMDWMMALayout(version=1, transposed=True, warps_per_cta=[1, 1], instr_shape=[16, 16, 16], tiles_per_warp=[1, 1], cga_layout=[]), k_width=8))",
     R"(tensor<1x64xf32, #ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 1, isTranspose = true, warpsPerCTA = [1, 1]}>, kWidth = 8}>>)"},
    {R"(DotOperandLayout(operand_index=1, parent=AMDWMMALayout(version=1, transposed=False, warps_per_cta=[2, 4], instr_shape=[16, 16, 16], tiles_per_warp=[1, 1], cga_layout=[[0, 0]]), k_width=8))",
     R"(tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [2, 4], CGALayout = [[0, 0]]}>, kWidth = 8}>>)"},
    {R"(DistributedLinearLayout(reg_bases=[], lane_bases=[[0], [0], [0], [0], [0]], warp_bases=[], block_bases=[], shape=[1]))",
     R"(tensor<1xf32, #ttg.linear<{register = [], lane = [[0], [0], [0], [0], [0]], warp = [], block = []}>>)"},
    {R"(DistributedLinearLayout(reg_bases=[], lane_bases=[[0], [0], [2], [1], [0]], warp_bases=[], block_bases=[], shape=[4]))",
     R"(tensor<1xf32, #ttg.linear<{register = [], lane = [[0], [0], [2], [1], [0]], warp = [], block = []}>>)"},
    {R"(AMDMFMALayout(version=1, instr_shape=[16, 16, 1], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<4x4xf32, #ttg.amd_mfma<{version = 1, warpsPerCTA = [1, 1], instrShape = [16, 16, 1], isTransposed = true}>>)"},
    {R"(AMDMFMALayout(version=1, instr_shape=[16, 16, 32], transposed=False, warps_per_cta=[1, 2], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[0, 0]]))",
     R"(tensor<4x32xf32, #ttg.amd_mfma<{version = 1, warpsPerCTA = [1, 2], instrShape = [16, 16, 32], isTransposed = false, CGALayout = [[0, 0]]}>>)"},
    {R"(AMDMFMALayout(version=1, instr_shape=[32, 32, 1], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<2x2xf32, #ttg.amd_mfma<{version = 1, warpsPerCTA = [1, 1], instrShape = [32, 32, 1], isTransposed = true}>>)"},
    {R"(AMDMFMALayout(version=1, instr_shape=[32, 32, 8], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[1, 0]]))",
     R"(tensor<32x4xf32, #ttg.amd_mfma<{version = 1, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = true, CGALayout = [[1, 0]]}>>)"},
    {R"(AMDMFMALayout(version=1, instr_shape=[4, 64, 4], transposed=True, warps_per_cta=[2, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<2x2xf32, #ttg.amd_mfma<{version = 1, warpsPerCTA = [2, 1], instrShape = [4, 64, 4], isTransposed = true}>>)"},
    {R"(AMDMFMALayout(version=1, instr_shape=[4, 64, 4], transposed=False, warps_per_cta=[4, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[0, 0], [0, 1]]))",
     R"(tensor<64x256xf32, #ttg.amd_mfma<{version = 1, warpsPerCTA = [4, 1], instrShape = [4, 64, 4], isTransposed = false, CGALayout = [[0, 0], [0, 1]]}>>)"},
    {R"(AMDMFMALayout(version=1, instr_shape=[64, 4, 4], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<1x1xf32, #ttg.amd_mfma<{version = 1, warpsPerCTA = [1, 1], instrShape = [64, 4, 4], isTransposed = true}>>)"},
    {R"(AMDMFMALayout(version=1, instr_shape=[64, 4, 4], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[0, 1]]))",
     R"(tensor<128x2xf32, #ttg.amd_mfma<{version = 1, warpsPerCTA = [1, 1], instrShape = [64, 4, 4], isTransposed = true, CGALayout = [[0, 1]]}>>)"},
    {R"(AMDMFMALayout(version=2, instr_shape=[16, 16, 4], transposed=False, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<2x2xf32, #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [16, 16, 4], isTransposed = false}>>)"},
    {R"(AMDMFMALayout(version=2, instr_shape=[16, 16, 1], transposed=False, warps_per_cta=[2, 4], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[0, 1]]))",
     R"(tensor<32x2xf32, #ttg.amd_mfma<{version = 2, warpsPerCTA = [2, 4], instrShape = [16, 16, 1], isTransposed = false, CGALayout = [[0, 1]]}>>)"},
    {R"(AMDMFMALayout(version=2, instr_shape=[32, 32, 2], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<8x8xf32, #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [32, 32, 2], isTransposed = true}>>)"},
    {R"(AMDMFMALayout(version=2, instr_shape=[32, 32, 4], transposed=False, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[0, 1]]))",
     R"(tensor<2x16xf32, #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [32, 32, 4], isTransposed = false, CGALayout = [[0, 1]]}>>)"},
    {R"(AMDMFMALayout(version=2, instr_shape=[4, 64, 4], transposed=False, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<2x8xf32, #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [4, 64, 4], isTransposed = false}>>)"},
    {R"(AMDMFMALayout(version=2, instr_shape=[4, 64, 4], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[0, 1]]))",
     R"(tensor<8x512xf32, #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [4, 64, 4], isTransposed = true, CGALayout = [[0, 1]]}>>)"},
    {R"(AMDMFMALayout(version=2, instr_shape=[64, 4, 4], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<4x4xf32, #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [64, 4, 4], isTransposed = true}>>)"},
    {R"(AMDMFMALayout(version=2, instr_shape=[64, 4, 4], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[1, 0]]))",
     R"(tensor<64x4xf32, #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [64, 4, 4], isTransposed = true, CGALayout = [[1, 0]]}>>)"},
    {R"(AMDMFMALayout(version=3, instr_shape=[16, 16, 1], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<1x4xf32, #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [16, 16, 1], isTransposed = true}>>)"},
    {R"(AMDMFMALayout(version=3, instr_shape=[16, 16, 16], transposed=False, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[0, 0], [0, 0]]))",
     R"(tensor<2x16xf32, #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [16, 16, 16], isTransposed = false, CGALayout = [[0, 0], [0, 0]]}>>)"},
    {R"(AMDMFMALayout(version=3, instr_shape=[32, 32, 64], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<4x8xf32, #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 64], isTransposed = true}>>)"},
    {R"(AMDMFMALayout(version=3, instr_shape=[32, 32, 4], transposed=True, warps_per_cta=[1, 2], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[1, 0]]))",
     R"(tensor<8x16xf32, #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 2], instrShape = [32, 32, 4], isTransposed = true, CGALayout = [[1, 0]]}>>)"},
    {R"(AMDMFMALayout(version=3, instr_shape=[4, 64, 4], transposed=False, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<4x8xf32, #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [4, 64, 4], isTransposed = false}>>)"},
    {R"(AMDMFMALayout(version=3, instr_shape=[4, 64, 4], transposed=False, warps_per_cta=[4, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[0, 1]]))",
     R"(tensor<8x32xf32, #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [4, 64, 4], isTransposed = false, CGALayout = [[0, 1]]}>>)"},
    {R"(AMDMFMALayout(version=3, instr_shape=[64, 4, 4], transposed=True, warps_per_cta=[1, 2], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<2x1xf32, #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 2], instrShape = [64, 4, 4], isTransposed = true}>>)"},
    {R"(AMDMFMALayout(version=3, instr_shape=[64, 4, 4], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[1, 0]]))",
     R"(tensor<16x4xf32, #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [64, 4, 4], isTransposed = true, CGALayout = [[1, 0]]}>>)"},
    {R"(AMDMFMALayout(version=4, instr_shape=[16, 16, 8], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<2x2xf32, #ttg.amd_mfma<{version = 4, warpsPerCTA = [1, 1], instrShape = [16, 16, 8], isTransposed = true}>>)"},
    {R"(AMDMFMALayout(version=4, instr_shape=[16, 16, 1], transposed=False, warps_per_cta=[1, 2], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[1, 0]]))",
     R"(tensor<2x1xf32, #ttg.amd_mfma<{version = 4, warpsPerCTA = [1, 2], instrShape = [16, 16, 1], isTransposed = false, CGALayout = [[1, 0]]}>>)"},
    {R"(AMDMFMALayout(version=4, instr_shape=[32, 32, 4], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<4x1xf32, #ttg.amd_mfma<{version = 4, warpsPerCTA = [1, 1], instrShape = [32, 32, 4], isTransposed = true}>>)"},
    {R"(AMDMFMALayout(version=4, instr_shape=[32, 32, 16], transposed=True, warps_per_cta=[4, 4], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[1, 0]]))",
     R"(tensor<1x4xf32, #ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 4], instrShape = [32, 32, 16], isTransposed = true, CGALayout = [[1, 0]]}>>)"},
    {R"(AMDMFMALayout(version=4, instr_shape=[4, 64, 4], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<1x4xf32, #ttg.amd_mfma<{version = 4, warpsPerCTA = [1, 1], instrShape = [4, 64, 4], isTransposed = true}>>)"},
    {R"(AMDMFMALayout(version=4, instr_shape=[4, 64, 4], transposed=False, warps_per_cta=[1, 8], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[0, 0], [1, 0]]))",
     R"(tensor<1x512xf32, #ttg.amd_mfma<{version = 4, warpsPerCTA = [1, 8], instrShape = [4, 64, 4], isTransposed = false, CGALayout = [[0, 0], [1, 0]]}>>)"},
    {R"(AMDMFMALayout(version=4, instr_shape=[64, 4, 4], transposed=True, warps_per_cta=[2, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<2x4xf32, #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 1], instrShape = [64, 4, 4], isTransposed = true}>>)"},
    {R"(AMDMFMALayout(version=4, instr_shape=[64, 4, 4], transposed=True, warps_per_cta=[4, 2], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[0, 1]]))",
     R"(tensor<8x32xf32, #ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 2], instrShape = [64, 4, 4], isTransposed = true, CGALayout = [[0, 1]]}>>)"},
    {R"(NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1], instr_shape=[16, 8], cga_layout=[]))",
     R"(tensor<8x4xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>)"},
    {R"(NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1], instr_shape=[16, 8], cga_layout=[[1, 0]]))",
     R"(tensor<1x4xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], CGALayout = [[1, 0]], instrShape = [16, 8]}>>)"},
    {R"(NVMMADistributedLayout(version=[2, 1], warps_per_cta=[1, 1, 1], instr_shape=[1, 16, 8], cga_layout=[]))",
     R"(tensor<1x8x4xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 1, warpsPerCTA = [1, 1, 1], instrShape = [1, 16, 8]}>>)"},
    {R"(NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 1, 2], instr_shape=[1, 16, 8], cga_layout=[[1, 0, 0]]))",
     R"(tensor<1x8x2xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1, 2], CGALayout = [[1, 0, 0]], instrShape = [1, 16, 8]}>>)"},
    {R"(NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 8, 32], cga_layout=[]))",
     R"(tensor<4x8xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8, 32]}>>)"},
    {R"(NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 8, 8], cga_layout=[[0, 1]]))",
     R"(tensor<2x2xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[0, 1]], instrShape = [16, 8, 8]}>>)"},
    {R"(SliceLayout(dim=1, parent=BlockedLayout(size_per_thread=[8, 2], threads_per_warp=[16, 2], warps_per_cta=[1, 1], order=[1, 0], cga_layout=[])))",
     R"(tensor<1xf32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [8, 2], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>}>>)"},
    {R"(SliceLayout(dim=1, parent=BlockedLayout(size_per_thread=[2, 8], threads_per_warp=[2, 16], warps_per_cta=[1, 1], order=[0, 1], cga_layout=[[1, 0]])))",
     R"(tensor<4xf32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [2, 8], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [0, 1], CGALayout = [[1, 0]]}>}>>)"},
    {R"(SliceLayout(dim=0, parent=DotOperandLayout(operand_index=1, parent=AMDWMMALayout(version=1, transposed=True, warps_per_cta=[1, 1], instr_shape=[16, 16, 16], tiles_per_warp=[1, 1], cga_layout=[]), k_width=16)))",
     R"(tensor<32xf32, #ttg.slice<{dim = 0, parent = #ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 1, isTranspose = true, warpsPerCTA = [1, 1]}>, kWidth = 16}>}>>)"},
    {R"(SliceLayout(dim=0, parent=DotOperandLayout(operand_index=1, parent=AMDWMMALayout(version=2, transposed=True, warps_per_cta=[1, 2], instr_shape=[16, 16, 16], tiles_per_warp=[1, 1], cga_layout=[[2, 0], [1, 0], [0, 1]]), k_width=16)))",
     R"(tensor<64xf32, #ttg.slice<{dim = 0, parent = #ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, isTranspose = true, warpsPerCTA = [1, 2], CGALayout = [[2, 0], [1, 0], [0, 1]]}>, kWidth = 16}>}>>)"},
    {R"(SliceLayout(dim=1, parent=DistributedLinearLayout(reg_bases=[], lane_bases=[[0, 8], [0, 4], [0, 1], [0, 2], [0, 16]], warp_bases=[], block_bases=[], shape=[1, 32])))",
     R"(tensor<8xf32, #ttg.slice<{dim = 1, parent = #ttg.linear<{register = [], lane = [[0, 8], [0, 4], [0, 1], [0, 2], [0, 16]], warp = [], block = []}>}>>)"},
    {R"(SliceLayout(dim=1, parent=AMDMFMALayout(version=1, instr_shape=[64, 4, 4], transposed=True, warps_per_cta=[1, 1], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[])))",
     R"(tensor<4xf32, #ttg.slice<{dim = 1, parent = #ttg.amd_mfma<{version = 1, warpsPerCTA = [1, 1], instrShape = [64, 4, 4], isTransposed = true}>}>>)"},
    {R"(SliceLayout(dim=0, parent=AMDMFMALayout(version=4, instr_shape=[16, 16, 1], transposed=False, warps_per_cta=[2, 4], element_bitwidth=32, tiles_per_warp=[1, 1], cga_layout=[[0, 1]])))",
     R"(tensor<32xf32, #ttg.slice<{dim = 0, parent = #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 4], instrShape = [16, 16, 1], isTransposed = false, CGALayout = [[0, 1]]}>}>>)"},
    {R"(SliceLayout(dim=0, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1], instr_shape=[16, 8], cga_layout=[])))",
     R"(tensor<1xf32, #ttg.slice<{dim = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>}>>)"},
    {R"(SliceLayout(dim=1, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 2], instr_shape=[16, 8], cga_layout=[[0, 1]])))",
     R"(tensor<4xf32, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 2], CGALayout = [[0, 1]], instrShape = [16, 8]}>}>>)"},
    {R"(SliceLayout(dim=0, parent=NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 32, 8], cga_layout=[])))",
     R"(tensor<1xf32, #ttg.slice<{dim = 0, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 8]}>}>>)"},
    {R"(SliceLayout(dim=0, parent=NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 4], instr_shape=[16, 8, 8], cga_layout=[[0, 1]])))",
     R"(tensor<4xf32, #ttg.slice<{dim = 0, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 4], CGALayout = [[0, 1]], instrShape = [16, 8, 8]}>}>>)"},
    {R"(SliceLayout(dim=1, parent=SliceLayout(dim=2, parent=BlockedLayout(size_per_thread=[2, 8, 4], threads_per_warp=[8, 4, 1], warps_per_cta=[1, 1, 1], order=[0, 2, 1], cga_layout=[]))))",
     R"(tensor<4xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #ttg.blocked<{sizePerThread = [2, 8, 4], threadsPerWarp = [8, 4, 1], warpsPerCTA = [1, 1, 1], order = [0, 2, 1]}>}>}>>)"},
    {R"(SliceLayout(dim=0, parent=SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[8, 1, 1], threads_per_warp=[2, 1, 16], warps_per_cta=[1, 1, 1], order=[0, 2, 1], cga_layout=[[0, 0, 1]]))))",
     R"(tensor<2xf32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [8, 1, 1], threadsPerWarp = [2, 1, 16], warpsPerCTA = [1, 1, 1], order = [0, 2, 1], CGALayout = [[0, 0, 1]]}>}>}>>)"},
    {R"(SliceLayout(dim=0, parent=SliceLayout(dim=0, parent=DotOperandLayout(operand_index=1, parent=AMDMFMALayout(version=1, instr_shape=[4, 64, 4], transposed=True, warps_per_cta=[1, 1, 2], element_bitwidth=32, tiles_per_warp=[1, 1, 1], cga_layout=[]), k_width=8))))",
     R"(tensor<4xf32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 1, warpsPerCTA = [1, 1, 2], instrShape = [4, 64, 4], isTransposed = true}>, kWidth = 8}>}>}>>)"},
    {R"(SliceLayout(dim=1, parent=SliceLayout(dim=0, parent=DotOperandLayout(operand_index=1, parent=BlockedLayout(size_per_thread=[8, 8, 4], threads_per_warp=[1, 16, 4], warps_per_cta=[1, 1, 1], order=[1, 0, 2], cga_layout=[[1, 0, 0]]), k_width=0))))",
     R"(tensor<1xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 0, parent = #ttg.dot_op<{opIdx = 1, parent = #ttg.blocked<{sizePerThread = [8, 8, 4], threadsPerWarp = [1, 16, 4], warpsPerCTA = [1, 1, 1], order = [1, 0, 2], CGALayout = [[1, 0, 0]]}>}>}>}>>)"},
    {R"(SliceLayout(dim=1, parent=SliceLayout(dim=1, parent=DistributedLinearLayout(reg_bases=[], lane_bases=[[0, 2, 0], [0, 8, 0], [0, 1, 0], [1, 0, 0], [0, 4, 0]], warp_bases=[], block_bases=[], shape=[2, 16, 1]))))",
     R"(tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 1, parent = #ttg.linear<{register = [], lane = [[0, 2, 0], [0, 8, 0], [0, 1, 0], [1, 0, 0], [0, 4, 0]], warp = [], block = []}>}>}>>)"},
    {R"(SliceLayout(dim=0, parent=SliceLayout(dim=2, parent=AMDMFMALayout(version=4, instr_shape=[64, 4, 4], transposed=True, warps_per_cta=[1, 2, 2], element_bitwidth=32, tiles_per_warp=[1, 1, 1], cga_layout=[]))))",
     R"(tensor<2xf32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 2, parent = #ttg.amd_mfma<{version = 4, warpsPerCTA = [1, 2, 2], instrShape = [64, 4, 4], isTransposed = true}>}>}>>)"},
    {R"(SliceLayout(dim=1, parent=SliceLayout(dim=2, parent=AMDMFMALayout(version=1, instr_shape=[64, 4, 4], transposed=True, warps_per_cta=[4, 2, 2], element_bitwidth=32, tiles_per_warp=[1, 1, 1], cga_layout=[[0, 0, 1]]))))",
     R"(tensor<8xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #ttg.amd_mfma<{version = 1, warpsPerCTA = [4, 2, 2], instrShape = [64, 4, 4], isTransposed = true, CGALayout = [[0, 0, 1]]}>}>}>>)"},
    {R"(SliceLayout(dim=1, parent=SliceLayout(dim=0, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1, 1], instr_shape=[1, 16, 8], cga_layout=[]))))",
     R"(tensor<8xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1, 1], instrShape = [1, 16, 8]}>}>}>>)"},
    {R"(SliceLayout(dim=0, parent=SliceLayout(dim=0, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1, 1], instr_shape=[1, 16, 8], cga_layout=[[0, 0, 1]]))))",
     R"(tensor<8xf32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1, 1], CGALayout = [[0, 0, 1]], instrShape = [1, 16, 8]}>}>}>>)"},
    {R"(SliceLayout(dim=1, parent=SliceLayout(dim=2, parent=AMDWMMALayout(version=1, transposed=True, warps_per_cta=[1, 1, 2], instr_shape=[16, 16, 16], tiles_per_warp=[1, 1, 1], cga_layout=[]))))",
     R"(tensor<1xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #ttg.amd_wmma<{version = 1, isTranspose = true, warpsPerCTA = [1, 1, 2]}>}>}>>)"},
    {R"(SliceLayout(dim=0, parent=SliceLayout(dim=1, parent=AMDWMMALayout(version=2, transposed=False, warps_per_cta=[4, 2, 1], instr_shape=[16, 16, 16], tiles_per_warp=[1, 1, 1], cga_layout=[[0, 0, 1]]))))",
     R"(tensor<16xf32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [4, 2, 1], CGALayout = [[0, 0, 1]]}>}>}>>)"},
    {R"(SliceLayout(dim=1, parent=AMDWMMALayout(version=1, transposed=True, warps_per_cta=[1, 1], instr_shape=[16, 16, 16], tiles_per_warp=[1, 1], cga_layout=[])))",
     R"(tensor<1xf32, #ttg.slice<{dim = 1, parent = #ttg.amd_wmma<{version = 1, isTranspose = true, warpsPerCTA = [1, 1]}>}>>)"},
    {R"(SliceLayout(dim=1, parent=AMDWMMALayout(version=1, transposed=True, warps_per_cta=[4, 2], instr_shape=[16, 16, 16], tiles_per_warp=[1, 1], cga_layout=[[1, 0]])))",
     R"(tensor<1xf32, #ttg.slice<{dim = 1, parent = #ttg.amd_wmma<{version = 1, isTranspose = true, warpsPerCTA = [4, 2], CGALayout = [[1, 0]]}>}>>)"},
    {R"(AMDWMMALayout(version=1, transposed=True, warps_per_cta=[1, 1], instr_shape=[16, 16, 16], tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<1x1xf32, #ttg.amd_wmma<{version = 1, isTranspose = true, warpsPerCTA = [1, 1]}>>)"},
    {R"(AMDWMMALayout(version=1, transposed=False, warps_per_cta=[1, 1], instr_shape=[16, 16, 16], tiles_per_warp=[1, 1], cga_layout=[[1, 0]]))",
     R"(tensor<1x64xf32, #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [1, 1], CGALayout = [[1, 0]]}>>)"},
    {R"(AMDWMMALayout(version=2, transposed=True, warps_per_cta=[1, 2], instr_shape=[16, 16, 16], tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<1x1xf32, #ttg.amd_wmma<{version = 2, isTranspose = true, warpsPerCTA = [1, 2]}>>)"},
    {R"(AMDWMMALayout(version=2, transposed=False, warps_per_cta=[2, 1], instr_shape=[16, 16, 16], tiles_per_warp=[1, 1], cga_layout=[[1, 0]]))",
     R"(tensor<16x16xf32, #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 1], CGALayout = [[1, 0]]}>>)"},
    {R"(AMDWMMALayout(version=3, transposed=True, warps_per_cta=[1, 1], instr_shape=[16, 16, 4], tiles_per_warp=[1, 1], cga_layout=[]))",
     R"(tensor<1x1xf32, #ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [1, 1], instrShape = [16, 16, 4]}>>)"},
    {R"(AMDWMMALayout(version=3, transposed=False, warps_per_cta=[1, 1], instr_shape=[16, 16, 64], tiles_per_warp=[1, 1], cga_layout=[[1, 0]]))",
     R"(tensor<32x1xf32, #ttg.amd_wmma<{version = 3, isTranspose = false, warpsPerCTA = [1, 1], CGALayout = [[1, 0]], instrShape = [16, 16, 64]}>>)"},
    {R"(SwizzledSharedLayout(vec=1, per_phase=1, max_phase=1, order=[0, 1], cga_layout=[]))",
     R"(!ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>, #ttg.shared_memory, mutable>)"},
    {R"(SwizzledSharedLayout(vec=2, per_phase=2, max_phase=8, order=[0, 1], cga_layout=[[1, 0]]))",
     R"(!ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 8, order = [0, 1], CGALayout = [[1, 0]]}>, #ttg.shared_memory, mutable>)"},
    {R"(NVMMASharedLayout(swizzle_byte_width=64, element_bitwidth=8, rank=2, transposed=False, fp4_padded=True, cga_layout=[[0, 0]]))",
     R"(!ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8, fp4Padded = true, CGALayout = [[0, 0]]}>, #ttg.shared_memory, mutable>)"},
    {R"(NVMMASharedLayout(swizzle_byte_width=32, element_bitwidth=8, rank=2, transposed=True, fp4_padded=True, cga_layout=[]))",
     R"(!ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8, fp4Padded = true}>, #ttg.shared_memory, mutable>)"},
    {R"(NVMMASharedLayout(swizzle_byte_width=0, element_bitwidth=32, rank=2, transposed=True, fp4_padded=False, cga_layout=[[1, 0]]))",
     R"(!ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = true, elementBitWidth = 32, CGALayout = [[1, 0]]}>, #ttg.shared_memory, mutable>)"},
    {R"(NVMMASharedLayout(swizzle_byte_width=32, element_bitwidth=32, rank=2, transposed=True, fp4_padded=False, cga_layout=[]))",
     R"(!ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 32}>, #ttg.shared_memory, mutable>)"},
    {R"(NVMMASharedLayout(swizzle_byte_width=0, element_bitwidth=16, rank=3, transposed=True, fp4_padded=False, cga_layout=[]))",
     R"(!ttg.memdesc<64x64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = true, elementBitWidth = 16, rank = 3}>, #ttg.shared_memory, mutable>)"},
    {R"(NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=8, rank=3, transposed=True, fp4_padded=True, cga_layout=[]))",
     R"(!ttg.memdesc<64x64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8, fp4Padded = true, rank = 3}>, #ttg.shared_memory, mutable>)"},
    {R"(SharedLinearLayout(offset_bases=[[1]], block_bases=[[0]], alignment=16))",
     R"(!ttg.memdesc<2xf16, #ttg.shared_linear<{offset = [[1]], block = [[0]]}, alignment = 16>, #ttg.shared_memory, mutable>)"},
    {R"(PaddedSharedLayout(interval_padding_pairs=[[2, 2]], offset_bases=[[1], [2]], block_bases=[], shape=[4]))",
     R"(!ttg.memdesc<4xf16, #ttg.padded_shared<[2:+2] {order = [0], shape = [4]}>, #ttg.shared_memory, mutable>)"},
    {R"(SharedLinearLayout(offset_bases=[[4, 0, 0], [0, 1, 0], [8, 0, 0], [2, 0, 0], [1, 0, 0], [0, 0, 1]], block_bases=[], alignment=32))",
     R"(!ttg.memdesc<16x2x2xf16, #ttg.shared_linear<{offset = [[4, 0, 0], [0, 1, 0], [8, 0, 0], [2, 0, 0], [1, 0, 0], [0, 0, 1]]}, alignment = 32>, #ttg.shared_memory, mutable>)"},
    {R"(PaddedSharedLayout(interval_padding_pairs=[[16, 4], [64, 8]], offset_bases=[[4, 0, 0], [2, 0, 0], [1, 0, 0], [0, 1, 0], [8, 0, 0]], block_bases=[], shape=[16, 2, 1]))",
     R"(!ttg.memdesc<16x2x1xf16, #ttg.padded_shared<[16:+4, 64:+8] {offset = [[4, 0, 0], [2, 0, 0], [1, 0, 0], [0, 1, 0], [8, 0, 0]], block = []}>, #ttg.shared_memory, mutable>)"},
    // Triton 3.9 (CDNA5); the 3.9 wheel's repr and its memdesc type.
    {R"(PartitionedSharedLayout(num_partitions=2, num_groups=2, partition_dim=0, partition_layout=SwizzledSharedLayout(vec=2, per_phase=2, max_phase=4, order=[1, 0], cga_layout=[])))",
     R"(!ttg.memdesc<64x32xf16, #ttg.partitioned_shared<{numPartitions = 2, numGroups = 2, partitionDim = 0, partitionLayout = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>}>, #ttg.shared_memory, mutable>)"},
    {R"(PartitionedSharedLayout(num_partitions=2, num_groups=2, partition_dim=0, partition_layout=SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [1, 0], [2, 0]], block_bases=[], alignment=16)))",
     R"(!ttg.memdesc<16x4xf16, #ttg.partitioned_shared<{numPartitions = 2, numGroups = 2, partitionDim = 0, partitionLayout = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]]}, alignment = 16>}>, #ttg.shared_memory, mutable>)"},
};

// Triton 3.6 prints these, but Gluon has no class for them.
const std::vector<std::string> kMlirOnly = {
    "!ttg.memdesc<64x64xf16, #ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>, "
    "#ttg.shared_memory, mutable>",
    "#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0], CGALayout = [[0, 1]]}>",
    "tensor<64x16xbf16, #ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [2, 2], "
    "instrShape = [16, 16, 32]}>>",
};

bool same(const TensorLayout& a, const TensorLayout& b) {
  return *a.spec == *b.spec && a.shape == b.shape && a.elem == b.elem && a.elem_bits == b.elem_bits;
}

std::string error_of(const std::string& text) {
  try {
    parse_layout(text);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

const char* kBlocked =
    "#ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]}>";

}  // namespace

TEST_CASE("Triton-printed MLIR and Gluon text round-trips exactly", "[io]") {
  for (const Sample& s : kTritonSamples) {
    INFO(s.mlir);
    TensorLayout m = parse_mlir(s.mlir);
    TensorLayout g = parse_gluon(s.gluon);
    CHECK(print_mlir(m) == s.mlir);
    CHECK(print_gluon(*g.spec) == s.gluon);
    CHECK(*m.spec == *g.spec);
    CHECK(same(parse_json(print_json(m)), m));
    CHECK(same(parse_layout(s.mlir), m));
    CHECK(*parse_layout(s.gluon).spec == *g.spec);
    CHECK(*parse_layout(print_json(g)).spec == *g.spec);
  }
  for (const std::string& text : kMlirOnly) {
    INFO(text);
    TensorLayout m = parse_mlir(text);
    CHECK(print_mlir(m) == text);
    CHECK(same(parse_json(print_json(m)), m));
    CHECK(*parse_gluon(print_gluon(*m.spec)).spec == *m.spec);
  }
}

TEST_CASE("print then parse gives the same layout in every format", "[io]") {
  Blocked b{{1, 4}, {8, 4}, {4, 1}, {1, 0}, {{{0, 1}, {1, 0}}}};
  NvidiaMma mma{3, 0, {4, 1}, {16, 64, 16}, {}};
  AmdMfma mfma{4, {16, 16, 32}, true, {2, 2}, 64, {2, 1}, {}};
  AmdWmma wmma{3, false, {2, 2}, {16, 16, 128}, {1, 2}, {{{1, 0}}}};
  AmdWmma wmma39{3, true, {}, {32, 16, 128}, {}, {{{0, 1}}}, true, {{1, 0}}, {{0, 1}, {0, 0}}, 2};
  std::vector<Spec> specs = {
      {b},
      {Slice{0, make_spec(Slice{1, make_spec(b)})}},
      {DistributedLinear{{{0, 1}}, {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}, {{8, 0}}, {}}},
      {mma},
      {DotOperand{1, make_spec(mma), 2}},
      {mfma},
      {DotOperand{0, make_spec(mfma), 8}},
      {wmma},
      {SwizzledShared{8, 2, 4, {0, 1}, {}}},
      {NvmmaShared{64, 8, 3, true, true, {}}},
      {NvmmaShared{128, 16, 2, false, false, {{{0, 1}}}}},
      {SharedLinear{{{0, 1}, {1, 0}}, {{0, 0}}, 32}},
      {PaddedShared{{{16, 4}, {64, 8}}, {{0, 1}, {0, 2}, {1, 0}}, {}, {2, 4}}},
      {PaddedShared{{{8, 1}}, {{1, 0}, {0, 1}}, {{2, 0}}, {4, 2}}},
      {AmdRotatingShared{4, 1, 16, {1, 0}, {}}},
      {wmma39},
      {AmdWmmaScale{1, wmma39, 16}},
      {PartitionedShared{4, 2, 1, make_spec(PaddedShared{{{8, 1}}, {{1, 0}, {0, 1}}, {{2, 0}}, {4, 2}})}},
  };
  for (const Spec& s : specs) {
    TensorLayout t{std::make_shared<const Spec>(s), {}, "f32", 32};
    INFO(print_mlir_attr(s));
    CHECK(*parse_mlir(print_mlir_attr(s)).spec == s);
    CHECK(*parse_gluon(print_gluon(s)).spec == s);
    CHECK(same(parse_json(print_json(t)), t));
    t.shape = {4, 2};
    t.elem = "f8E4M3FN";
    t.elem_bits = 8;
    CHECK(same(parse_mlir(print_mlir(t)), t));
    CHECK(same(parse_json(print_json(t)), t));
  }
}

TEST_CASE("MLIR types, aliases and TTGIR dumps", "[io]") {
  std::string dump = std::string("#blocked = ") + kBlocked + R"(
#loc2 = loc("/tmp/m.mlir":7:14)
#shared = #ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%a: tensor<64x!tt.ptr<f16>, #ttg.slice<{dim = 1, parent = #blocked}>> loc("x":1:2), %b: tensor<64x16xf32, #blocked>) {
    tt.return loc(#loc6)
  } loc(#loc1)
} loc(#loc)
#loc = loc("/tmp/m.mlir":6:1)
)";
  TensorLayout first = parse_mlir(dump);
  CHECK(first.shape == Shape{64});
  CHECK(first.elem == "!tt.ptr<f16>");
  CHECK(first.elem_bits == 64);
  CHECK(print_mlir_attr(*first.spec) == std::string("#ttg.slice<{dim = 1, parent = ") + kBlocked + "}>");

  // Alias lines only: the last one that is a layout.
  TensorLayout last = parse_layout(std::string("#blocked = ") + kBlocked +
                                   "\n#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, "
                                   "order = [1, 0]}>\n#smem = #ttg.shared_memory\n");
  CHECK(std::holds_alternative<SwizzledShared>(last.spec->v));
  CHECK(last.shape.empty());

  // An attribute that uses an alias defined above it.
  TensorLayout sl = parse_layout(std::string("#blocked = ") + kBlocked + "\n#ttg.slice<{dim = 0, parent = #blocked}>");
  CHECK(std::get<Slice>(sl.spec->v).dim == 0);

  TensorLayout md = parse_layout(
      "!ttg.memdesc<2x64x64xbf16, #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>, "
      "#smem, mutable, 2x64x64>");
  CHECK(md.shape == Shape{2, 64, 64});
  CHECK(md.elem_bits == 16);

  TensorLayout spaced = parse_layout("  tensor < 8 x 4 x i1 ,\n  #ttg.blocked<{ sizePerThread=[1,1],threadsPerWarp=[8,4],"
                                     "\n warpsPerCTA = [1, 1], order = [1, 0] }> >  ");
  CHECK(spaced.shape == Shape{8, 4});
  CHECK(spaced.elem_bits == 1);
  CHECK(print_mlir(spaced) ==
        "tensor<8x4xi1, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], "
        "order = [1, 0]}>>");
}

TEST_CASE("older MLIR spellings of the CTA layout", "[io]") {
  CgaLayout expected = cga_from_split({2, 2}, {2, 1}, {1, 0});
  TensorLayout inline_form = parse_mlir(
      "#triton_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], "
      "CTAsPerCGA = [2, 2], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>");
  CHECK(std::get<Blocked>(inline_form.spec->v).cga == expected);

  // As written in the seeds' overview: one entry per line, no commas.
  TensorLayout overview = parse_layout(R"(#cta_layout = #ttg.cta_layout<{
ctasPerCluster = [2, 2]
ctasSplitNum = [2, 1]
ctaOrder = [1, 0]
}>
#blocked = #ttg.blocked_layout<{
sizePerThread = [2, 2]
threadsPerWarp = [8, 4]
warpsPerCTA = [1, 2]
order = [1, 0]
CTALayout = #cta_layout
}>)");
  const auto& b = std::get<Blocked>(overview.spec->v);
  CHECK(b.cga == expected);
  CHECK(b.size_per_thread == Ints{2, 2});

  TensorLayout mma = parse_mlir(
      "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], CTAsPerCGA = [1, 1], "
      "CTASplitNum = [1, 1], CTAOrder = [1, 0], instrShape = [16, 8]}>");
  CHECK(std::get<NvidiaMma>(mma.spec->v).cga == cga_from_split({1, 1}, {1, 1}, {1, 0}));
}

TEST_CASE("Gluon text as people type it", "[io]") {
  Spec expected{Blocked{{1, 4}, {8, 4}, {4, 1}, {1, 0}, {}}};
  for (const char* text : {
           "BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0])",
           "ttgl.BlockedLayout(size_per_thread=(1, 4), threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[1, 0],)",
           "gl.BlockedLayout([1, 4], [8, 4], order=[1, 0], warps_per_cta=[4, 1], cga_layout=None)",
           "layout = gluon.language.BlockedLayout(\n  [1, 4], [8, 4],  # threads\n  [4, 1], [1, 0])",
       }) {
    INFO(text);
    CHECK(*parse_layout(text).spec == expected);
  }
  TensorLayout lin = parse_gluon(
      "ttgl.DistributedLinearLayout(reg_bases=[[1, 0]], lane_bases=[[2, 0], [4, 0], [8, 0], [16, 0], [0, 1]], "
      "warp_bases=[], block_bases=[], shape=[32, 2])");
  CHECK(lin.shape == Shape{32, 2});
  auto mfma = std::get<AmdMfma>(parse_gluon("AMDMFMALayout(3, [32, 32, 8], True, [2, 2], None, None)").spec->v);
  CHECK(mfma.element_bitwidth == 32);
  CHECK(mfma.tiles_per_warp.empty());
  auto mma = std::get<NvidiaMma>(parse_gluon("NVMMADistributedLayout([3, 0], [4, 1], [16, 64, 16])").spec->v);
  CHECK(mma.version_major == 3);
}

TEST_CASE("JSON documents", "[io]") {
  const char* doc = R"({
  "format": "layoutscope",
  "version": 1,
  "shape": [64, 16],
  "elem": "f16",
  "kind": "dot_op",
  "params": {
    "opIdx": 0,
    "kWidth": 2,
    "parent": {"kind": "nvidia_mma",
               "params": {"versionMajor": 2, "versionMinor": 0, "warpsPerCTA": [4, 1], "instrShape": [16, 8]}}
  }
})";
  TensorLayout t = parse_layout(doc);
  CHECK(t.elem_bits == 16);
  CHECK(print_mlir(t) ==
        "tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
        "warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>");
  CHECK(print_json(parse_json(print_json(t))) == print_json(t));
}

TEST_CASE("a text says whether it named its element type", "[io]") {
  // The GUI's second pane takes the first pane's element type when its text names none.
  const std::string nv = "#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>";
  TensorLayout typed = parse_layout("!ttg.memdesc<64x64xf16, " + nv + ", #ttg.shared_memory>");
  CHECK(typed.elem_named);
  CHECK(typed.elem_bits == 16);
  TensorLayout bare = parse_layout(nv);
  CHECK_FALSE(bare.elem_named);
  CHECK(bare.elem_bits == 32);  // the default, not the swizzle's element width
  CHECK_FALSE(parse_layout("SwizzledSharedLayout(vec=8, per_phase=1, max_phase=8, order=[1, 0])").elem_named);
  CHECK(parse_layout(print_json(typed)).elem_named);
  CHECK_FALSE(parse_layout(R"({"format": "layoutscope", "version": 1, "kind": "swizzled_shared",
    "params": {"vec": 1, "perPhase": 1, "maxPhase": 1, "order": [1, 0]}})").elem_named);
}

TEST_CASE("errors name the position or the field", "[io]") {
  using Catch::Matchers::Contains;
  CHECK(error_of("") == "empty layout text");
  CHECK(error_of(" \n\t") == "empty layout text");
  CHECK(error_of("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}") ==
        "line 1, column 90: expected '>' to close #ttg.blocked<, found end of text");
  CHECK(error_of("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], "
                 "foo = 1}>") == "blocked: unknown key 'foo'");
  CHECK(error_of("#ttg.blocked<{sizePerThread = [4294967296], threadsPerWarp = [32], warpsPerCTA = [1], "
                 "order = [0]}>") == "blocked: sizePerThread value 4294967296 does not fit in 32 bits");
  CHECK(error_of("#ttg.blocked<{sizePerThread = [-1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>") ==
        "blocked: sizePerThread value -1 is negative");
  CHECK(error_of("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], order = [0]}>") ==
        "blocked: missing warpsPerCTA");
  CHECK(error_of("#ttg.bloked<{}>") == "line 1, column 1: unknown layout kind #ttg.bloked");
  CHECK(error_of("tensor<64x16xf32, #blocked>") == "line 1, column 19: undefined alias #blocked");
  CHECK(error_of("tensor<64x16xq7, #blocked>") == "line 1, column 14: unknown element type 'q7'");
  CHECK(error_of("#a = #ttg.slice<{dim = 0, parent = #a}>") == "line 1, column 36: alias #a refers to itself");
  CHECK(error_of("BlockedLayout([1], [32], [1])") == "BlockedLayout: missing argument order");
  CHECK(error_of("BlockedLayout([1], [32], [1], [0], oder=[0])") == "line 1, column 36: BlockedLayout has no argument 'oder'; did you mean 'order'?");
  CHECK(error_of("FancyLayout(1)") == "line 1, column 1: unknown Gluon layout 'FancyLayout'");
  CHECK(error_of("SliceLayout(dim=99999999999999999999999, parent=None)") ==
        "SliceLayout: dim value 99999999999999999999999 does not fit in 32 bits");
  CHECK(error_of(R"({"format": "layoutscope", "version": 2})") ==
        "json: version 2 is not supported (this build reads version 1)");
  CHECK(error_of(R"({"format": "layoutscope", "version": 1, "kind": "slice", "params": {"dim": 1.5}})") ==
        "slice: dim value 1.5 is not an integer");
  CHECK_THAT(error_of("{\"format\": \"layoutscope\", \"version\": 1, \"kind\": \"sl\xff\"}"), Contains("line 1"));
  CHECK(error_of(R"({"format": "layoutscope", "version": 1, "kind": "blocked", "params": {}, "colour": 1})") ==
        "json: unknown key 'colour'");
  CHECK_THAT(error_of("#ttg.blocked<{sizePerThread = [1\xc3\x28"), Contains("byte 0xC3"));
  CHECK(error_of("module {}") == "no layout attribute, tensor<...> or !ttg.memdesc<...> type found in the MLIR text");
}

TEST_CASE("deep, truncated and garbled input fails cleanly", "[io]") {
  std::string mlir_deep, gluon_deep, json_deep;
  for (int i = 0; i < 1000; ++i) {
    mlir_deep += "#ttg.slice<{dim = 0, parent = ";
    gluon_deep += "SliceLayout(0, ";
    json_deep += R"({"kind": "slice", "params": {"dim": 0, "parent": )";
  }
  CHECK_THAT(error_of(mlir_deep), Catch::Matchers::Contains("nesting deeper than 64 levels"));
  CHECK_THAT(error_of(gluon_deep), Catch::Matchers::Contains("nesting deeper than 64 levels"));
  CHECK_THAT(error_of("{\"format\": \"layoutscope\", \"version\": 1, \"kind\": \"slice\", \"params\": "
                      "{\"dim\": 0, \"parent\": " + json_deep),
             Catch::Matchers::Contains("nesting deeper than 64 levels"));
  CHECK_THAT(error_of("#ttg.blocked<{sizePerThread = " + std::string(100000, '[')),
             Catch::Matchers::Contains("nesting deeper"));
  CHECK_THAT(error_of("BlockedLayout(" + std::string(100000, '(')), Catch::Matchers::Contains("nesting deeper"));

  // Every prefix of valid text either parses or throws ls::Error.
  std::vector<std::string> texts;
  for (size_t i = 0; i < kTritonSamples.size(); i += 7) {
    texts.push_back(kTritonSamples[i].mlir);
    texts.push_back(kTritonSamples[i].gluon);
    texts.push_back(print_json(parse_mlir(kTritonSamples[i].mlir)));
  }
  for (const std::string& text : texts)
    for (size_t n = 0; n < text.size(); ++n) {
      std::string cut = text.substr(0, n);
      try {
        parse_layout(cut);
      } catch (const Error&) {
      }
      cut[n / 2] = '\xff';
      try {
        parse_layout(cut);
      } catch (const Error&) {
      }
    }
}

TEST_CASE("a misspelt key is named with the nearest valid one") {
  auto error_of = [](const std::string& text) {
    try {
      ls::parse_layout(text);
    } catch (const ls::Error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  // MLIR: the misspelt key is named instead of "missing sizePerThread".
  CHECK(error_of("#ttg.blocked<{sizePerThreed = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>")
            .find("unknown key 'sizePerThreed'; did you mean 'sizePerThread'?") != std::string::npos);
  // Gluon keyword arguments.
  CHECK(error_of("BlockedLayout(size_per_thread=[1], threds_per_warp=[32], warps_per_cta=[1], order=[0])")
            .find("did you mean 'threads_per_warp'?") != std::string::npos);
  // Nothing near: no suggestion.
  CHECK(error_of("BlockedLayout([1], [32], [1], [0], zzzzzz=[0])").find("did you mean") == std::string::npos);
}

TEST_CASE("Gluon's MBarrierLayout reads as the 1D swizzled layout it is", "[io]") {
  const Spec want{SwizzledShared{1, 1, 1, {0}, {{{1}, {2}}}}};
  CHECK(*parse_gluon("MBarrierLayout([[1], [2]])").spec == want);
  CHECK(*parse_gluon("MBarrierLayout(vec=1, per_phase=1, max_phase=1, order=[0], cga_layout=[[1], [2]])").spec == want);
  CHECK(*parse_gluon("MBarrierLayout()").spec == Spec{SwizzledShared{1, 1, 1, {0}, {}}});
}
