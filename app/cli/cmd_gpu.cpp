// gpu ...: what the GPU runner sees.
#include <iostream>

#include "cli.h"
#include "device.h"
#include "error.h"

namespace {

int gpu_info() {
  auto d = ls::gpu::list_devices();
  std::cout << "{\"built_with_cuda\": " << (ls::gpu::built_with_cuda() ? "true" : "false") << ", \"devices\": [";
  for (size_t i = 0; i < d.devices.size(); ++i) {
    auto& v = d.devices[i];
    std::cout << (i ? ", " : "") << "{\"name\": \"" << cli::json_escape(v.name) << "\", \"cc\": \"" << v.major << "."
              << v.minor << "\", \"sms\": " << v.sm_count << ", \"global_mem_bytes\": " << v.global_mem_bytes
              << ", \"shared_mem_per_block\": " << v.shared_mem_per_block << "}";
  }
  std::cout << "], \"error\": \"" << cli::json_escape(d.error) << "\"}\n";
  return 0;
}

const cli::Registration gpu{{"gpu", "  gpu info                            the CUDA devices this build sees\n", {},
                             [](const cli::Args& a) {
                               ls::require(a.pos.size() == 1 && a.pos[0] == "info",
                                           "gpu: the only subcommand so far is 'gpu info'");
                               return gpu_info();
                             }}};

}  // namespace
