// Work too slow for a frame (the swizzle ranking, exports, analyses of large
// tiles) runs on its own thread. A Job holds the latest request: starting a
// new one abandons the old (its thread finishes alone and its result is
// dropped), and a finished one wakes the frame loop through the function set
// with set_wake (glfwPostEmptyEvent in the app). Every thread is joined.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>

namespace lsgui {

void set_wake(std::function<void()> wake);
// Blocks until no job thread runs (screenshots, exit).
void wait_for_jobs();
bool jobs_running();
// Runs `work` on a thread of its own, joined by wait_for_jobs; wakes the loop after.
void start_thread(std::function<void()> work);

template <class T>
class Job {
public:
  // Starts `fn` (returning T, or throwing) unless a job for `key` is already
  // running or done.
  template <class F>
  void request(const std::string& key, F fn) {
    if (key == key_) return;
    key_ = key;
    result.reset();
    error.clear();
    auto st = std::make_shared<State>();
    state_ = st;
    start_thread([st, fn = std::move(fn)] {
      std::shared_ptr<const T> v;
      std::string err;
      try {
        v = std::make_shared<const T>(fn());
      } catch (const std::exception& e) {
        err = e.what();
      }
      std::lock_guard<std::mutex> lock(st->m);
      st->value = std::move(v), st->error = std::move(err), st->done = true;
    });
  }
  // Collects a finished result; true when one arrived this call.
  bool poll() {
    if (!state_) return false;
    std::lock_guard<std::mutex> lock(state_->m);
    if (!state_->done) return false;
    result = state_->value, error = state_->error;
    state_.reset();
    return true;
  }
  bool running() const { return state_ != nullptr; }
  void clear() { key_.clear(), state_.reset(), result.reset(), error.clear(); }
  const std::string& key() const { return key_; }

  std::shared_ptr<const T> result;  // the last finished job's, for key()
  std::string error;                // or why it failed

private:
  struct State {
    std::mutex m;
    bool done = false;
    std::shared_ptr<const T> value;
    std::string error;
  };
  std::string key_;
  std::shared_ptr<State> state_;
};

}  // namespace lsgui
