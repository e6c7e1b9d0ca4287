// PNG pictures of the window: the whole back buffer or one rectangle of it
// (the grid canvas), written atomically (temp file + rename).
#pragma once

#include <string>

#include "imgui.h"

struct GLFWwindow;

namespace lsgui {

// Reads the back buffer after a frame was rendered; with `region` only the
// part from `min` to `max` (ImGui coordinates). Returns "" or why it failed.
std::string write_png(GLFWwindow* window, const std::string& path, bool region, ImVec2 min, ImVec2 max);

}  // namespace lsgui
