// OpenGL textures for pictures the window draws with ImGui::Image: the
// export preview and the zoomed-out grid. Nearest filtering, so each texel
// stays a sharp cell. Call from the thread that owns the GL context.
#pragma once

#include <cstdint>

#include "imgui.h"

namespace lsgui {

struct Texture {
  unsigned id = 0;
  int width = 0, height = 0;
  ImTextureID im() const { return reinterpret_cast<ImTextureID>(static_cast<intptr_t>(id)); }
};

// Replaces the texture's pixels: 3 bytes (RGB) or 4 (RGBA, ImU32 order) per pixel, row-major.
void upload(Texture& t, int width, int height, const void* pixels, bool rgba);
void release(Texture& t);

}  // namespace lsgui
