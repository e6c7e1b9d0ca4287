// The views beside the grid:
//   - hardware: per warp (and block) a picture of lanes x registers, each
//     cell labelled with the tensor coordinates it holds (offsets for shared
//     layouts), the picture form of triton-tensor-layout's hardware view;
//   - compare: two layouts side by side, the elements the selected warp of
//     the first owns lit in both, the second coloured by bank, with the
//     pair's analyses (analysis_panel.h);
//   - build-up: the layout formed level by level (the registers of one
//     thread, the lanes of one warp, the warps, the CTAs).
#pragma once

#include "explorer.h"

namespace lsgui {

void draw_hardware(App& app);
void draw_compare(App& app);
void draw_build_up(App& app);

}  // namespace lsgui
