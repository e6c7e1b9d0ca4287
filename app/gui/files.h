// Files the explorer reads and writes, free of any window: presets, the
// config directory, atomic writes (core's write_file_atomic), the session (the two
// layouts being edited, restored on the next start), recent files and the
// in-app file list.
#pragma once

#include <string>
#include <vector>

#include "model.h"

namespace lsgui {

struct Preset {
  std::string name, description, path;
};
// One step of the "start here" path (assets/lessons.json): a preset shown
// in a view, coloured a way, with a paragraph saying what to see.
struct Lesson {
  std::string title, preset, view, color_by, caption;
  int level = -1;  // the build-up level, when the view is build-up
};
// The lessons in learning order; empty (and `error` set) when the file cannot be read.
std::vector<Lesson> load_lessons(const std::string& path, std::string& error);

// assets/presets/*.json, sorted by name; unreadable files are skipped.
std::vector<Preset> load_presets(const std::string& dir);
// The presets directory: $LAYOUTSCOPE_ASSETS/presets, the source tree's, or
// next to the executable.
std::string presets_dir(const std::string& exe);
// The scalable UI font: $LAYOUTSCOPE_FONT, else DejaVu Sans where Debian's
// fonts-dejavu-core puts it; empty when neither exists.
std::string font_file();

// $LAYOUTSCOPE_CONFIG_DIR, else $XDG_CONFIG_HOME/layoutscope, else
// ~/.config/layoutscope; created when missing. Empty when none can be made.
std::string config_dir();
// core's ls::write_file_atomic: a unique temporary, fsync, rename, directory
// fsync, the mode kept; throws ls::Error naming the path and the OS reason.
void write_atomic(const std::string& path, const std::string& data);
// Removes the temporaries of write_atomic(DIR/NAME) for each of `names` that
// are older than `age_s` seconds: a writer killed between creating one and
// its rename leaves it behind (a younger one may be another window's, in
// flight). Returns how many went.
int remove_stale_temporaries(const std::string& dir, const std::vector<std::string>& names, double age_s);
// Reads a whole file (at most 16 MiB); throws ls::Error naming the path and
// the OS reason.
std::string read_file(const std::string& path);

// The session: the layouts of both documents as JSON, and the paste-box format.
std::string session_text(const Doc& a, const Doc& b);
// Restores what session_text wrote; a layout that no longer parses is
// skipped. Returns why the text is not a whole session (empty when it is).
std::string restore_session(const std::string& text, Doc& a, Doc& b);
// Restores the session file at `path`. A missing file restores nothing and
// returns "". A file that cannot be read or restored whole is renamed to
// `path`.broken-<YYYYmmdd-HHMMSS> (so the next save cannot overwrite it) and
// the returned line, for the window, says why and where it went.
std::string restore_session_file(const std::string& path, Doc& a, Doc& b);

// Most recent first, no duplicates, at most 10.
void add_recent(std::vector<std::string>& recent, const std::string& path);

struct DirEntry {
  std::string name;
  bool is_dir;
};
// Sub-directories and layout files (.json, .mlir, .ttgir, .py, .txt), sorted; ".." first.
std::vector<DirEntry> list_dir(const std::string& dir);

}  // namespace lsgui
