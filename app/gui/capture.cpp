#include "capture.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <vector>

#include "stb_image_write.h"

namespace lsgui {

std::string write_png(GLFWwindow* window, const std::string& path, bool region, ImVec2 min, ImVec2 max) {
  int fw, fh;
  glfwGetFramebufferSize(window, &fw, &fh);
  ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  int x0 = 0, y0 = 0, w = fw, h = fh;  // GL rows count from the bottom
  if (region) {
    x0 = std::clamp(static_cast<int>(std::floor(min.x * scale.x)), 0, fw);
    int x1 = std::clamp(static_cast<int>(std::ceil(max.x * scale.x)), 0, fw);
    int top = std::clamp(static_cast<int>(std::floor(min.y * scale.y)), 0, fh);
    int bottom = std::clamp(static_cast<int>(std::ceil(max.y * scale.y)), 0, fh);
    w = x1 - x0, h = bottom - top, y0 = fh - bottom;
  }
  if (w <= 0 || h <= 0) return "nothing to capture: the grid is not on screen";
  std::vector<unsigned char> pixels(static_cast<size_t>(w) * h * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(x0, y0, w, h, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  if (glGetError() != GL_NO_ERROR) return "cannot read the picture back from OpenGL";
  stbi_flip_vertically_on_write(1);
  std::string tmp = path + ".tmp";
  if (!stbi_write_png(tmp.c_str(), w, h, 3, pixels.data(), w * 3)) return "cannot write " + path;
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    return "cannot write " + path;
  }
  return "";
}

}  // namespace lsgui
