// layoutscope: the desktop explorer. This file reads the arguments, opens
// the window and runs the frame loop (or renders one screenshot).
#include <GLFW/glfw3.h>

#include <cfloat>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "error.h"
#include "explorer.h"
#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#include "stb_image_write.h"

namespace {

constexpr const char* kDefaultLayout =
    "BlockedLayout(\n"
    "    size_per_thread=[2, 4],\n"
    "    threads_per_warp=[16, 2],\n"
    "    warps_per_cta=[2, 2],\n"
    "    order=[1, 0],\n"
    ")\n";
constexpr const char* kDefaultShape = "64x16";
constexpr int kScreenshotFrames = 3;  // the first frames lay the windows out

constexpr const char* kUsage =
    "usage: layoutscope [LAYOUT] [--shape 64x16]\n"
    "       layoutscope --screenshot OUT.png [--layout LAYOUT] [--shape 64x16] [--size 1280x800]\n"
    "LAYOUT is Triton MLIR, Gluon or JSON text, or a file holding it. Without one: a Gluon\n"
    "BlockedLayout on a 64x16 tensor. --shape overrides the shape the text carries.\n"
    "Exit codes: 0 ok, 1 no window (no display?), 2 bad input.\n";

struct Options {
  std::string layout, shape, screenshot;
  bool has_layout = false, has_shape = false, help = false;
  int width = 1280, height = 800;
};

Options parse_args(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&] {
      ls::require(i + 1 < argc, a + " needs a value");
      return std::string(argv[++i]);
    };
    auto set_layout = [&](std::string v) {
      ls::require(!o.has_layout, "expected one LAYOUT");
      o.layout = std::move(v), o.has_layout = true;
    };
    if (a == "--help" || a == "-h") o.help = true;
    else if (a == "--shape") o.shape = value(), o.has_shape = true;
    else if (a == "--screenshot") o.screenshot = value();
    else if (a == "--layout") set_layout(value());
    else if (a == "--size") {
      std::string v = value();
      ls::Shape s = lsgui::parse_shape(v);
      ls::require(s.size() == 2 && s[0] >= 64 && s[0] <= 8192 && s[1] >= 64 && s[1] <= 8192,
                  "--size '" + v + "' must be WIDTHxHEIGHT, each 64 to 8192");
      o.width = static_cast<int>(s[0]), o.height = static_cast<int>(s[1]);
    } else if (a.size() > 2 && a.rfind("--", 0) == 0) ls::fail("unknown option " + a);
    else set_layout(a);
  }
  ls::require(o.screenshot.empty() || o.screenshot.size() < 4096, "--screenshot: path too long");
  return o;
}

std::string g_glfw_error = "unknown GLFW error";
void on_glfw_error(int, const char* description) { g_glfw_error = description; }

void render_frame(GLFWwindow* window, lsgui::State& s, bool headless) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  if (headless) {  // keep the pointer (wherever Xvfb put it) out of the picture
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    for (bool& down : io.MouseDown) down = false;
  }
  ImGui::NewFrame();
  lsgui::draw_explorer(s);
  ImGui::Render();
  int w, h;
  glfwGetFramebufferSize(window, &w, &h);
  glViewport(0, 0, w, h);
  glClearColor(0.1f, 0.1f, 0.12f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

// Reads the back buffer and writes it as PNG, atomically.
bool write_png(GLFWwindow* window, const std::string& path) {
  int w, h;
  glfwGetFramebufferSize(window, &w, &h);
  std::vector<unsigned char> pixels(static_cast<size_t>(w) * h * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  if (glGetError() != GL_NO_ERROR) return false;
  stbi_flip_vertically_on_write(1);
  std::string tmp = path + ".tmp";
  if (!stbi_write_png(tmp.c_str(), w, h, 3, pixels.data(), w * 3)) return false;
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) std::filesystem::remove(tmp, ec);
  return !ec;
}

int run(const Options& o, lsgui::State& s) {
  bool headless = !o.screenshot.empty();
  glfwSetErrorCallback(on_glfw_error);
  if (!glfwInit()) {
    std::fprintf(stderr, "layoutscope: cannot open a window (no display?): %s\n", g_glfw_error.c_str());
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  if (headless) glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  GLFWwindow* window = glfwCreateWindow(o.width, o.height, "layoutscope", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "layoutscope: cannot open a window (no display?): %s\n", g_glfw_error.c_str());
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 130");

  int rc = 0;
  if (headless) {
    for (int i = 0; i < kScreenshotFrames; ++i) {
      glfwPollEvents();
      render_frame(window, s, true);
      if (i + 1 == kScreenshotFrames && !write_png(window, o.screenshot)) {
        std::fprintf(stderr, "layoutscope: cannot write %s\n", o.screenshot.c_str());
        rc = 1;
      }
      glfwSwapBuffers(window);
    }
  } else {
    while (!glfwWindowShouldClose(window)) {
      glfwWaitEventsTimeout(0.05);
      render_frame(window, s, false);
      glfwSwapBuffers(window);
    }
  }

  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return rc;
}

}  // namespace

int main(int argc, char** argv) {
  lsgui::State s;
  Options o;
  try {
    o = parse_args(argc, argv);
    if (o.help) {
      std::fputs(kUsage, stdout);
      return 0;
    }
    s.text = o.has_layout ? lsgui::read_layout_arg(o.layout) : kDefaultLayout;
    s.shape_text = o.has_shape ? o.shape : o.has_layout ? "" : kDefaultShape;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "layoutscope: error: %s\n", e.what());
    return 2;
  }
  // A bad layout fails a screenshot; the window shows the error instead.
  if (!lsgui::reload(s) && !o.screenshot.empty()) {
    std::fprintf(stderr, "layoutscope: error: %s\n", s.error.c_str());
    return 2;
  }
  try {
    return run(o, s);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "layoutscope: error: %s\n", e.what());
    return 1;
  }
}
