#include "jobs.h"

#include <condition_variable>
#include <thread>

namespace lsgui {
namespace {

std::mutex g_mutex;
std::condition_variable g_idle;
int g_running = 0;
std::function<void()> g_wake;

}  // namespace

void set_wake(std::function<void()> wake) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_wake = std::move(wake);
}

void wait_for_jobs() {
  std::unique_lock<std::mutex> lock(g_mutex);
  g_idle.wait(lock, [] { return g_running == 0; });
}

bool jobs_running() {
  std::lock_guard<std::mutex> lock(g_mutex);
  return g_running > 0;
}

void start_thread(std::function<void()> work) {
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    ++g_running;
  }
  std::thread([work = std::move(work)] {
    work();
    // Wake under the lock, so no wake follows wait_for_jobs.
    std::lock_guard<std::mutex> lock(g_mutex);
    if (g_wake) g_wake();
    --g_running;
    g_idle.notify_all();
  }).detach();
}

}  // namespace lsgui
