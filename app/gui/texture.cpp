#include "texture.h"

#include <GLFW/glfw3.h>

namespace lsgui {

void upload(Texture& t, int width, int height, const void* pixels, bool rgba) {
  if (!t.id) {
    GLuint id = 0;
    glGenTextures(1, &id);
    t.id = id;
  }
  GLint was = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &was);
  glBindTexture(GL_TEXTURE_2D, t.id);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  GLenum format = rgba ? GL_RGBA : GL_RGB;
  if (t.width == width && t.height == height)
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, format, GL_UNSIGNED_BYTE, pixels);
  else
    glTexImage2D(GL_TEXTURE_2D, 0, rgba ? GL_RGBA8 : GL_RGB8, width, height, 0, format, GL_UNSIGNED_BYTE, pixels);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(was));
  t.width = width, t.height = height;
}

void release(Texture& t) {
  if (t.id) {
    GLuint id = t.id;
    glDeleteTextures(1, &id);
  }
  t = Texture{};
}

}  // namespace lsgui
