#include "jobs.h"

#include <condition_variable>
#include <thread>
#include <vector>

namespace lsgui {
namespace {

// Every job thread is joined (never detached): once wait_for_jobs returns no
// job thread exists any more, so nothing runs while the process exits.
struct Worker {
  std::thread thread;
  std::shared_ptr<bool> finished;  // set under g_mutex as the work ends
};

std::mutex g_mutex;
std::condition_variable g_idle;
std::vector<Worker> g_workers;
std::function<void()> g_wake;

int running_locked() {
  int n = 0;
  for (const auto& w : g_workers) n += !*w.finished;
  return n;
}

// Takes the finished workers out of the list (caller holds g_mutex).
std::vector<Worker> take_finished_locked() {
  std::vector<Worker> done;
  for (auto it = g_workers.begin(); it != g_workers.end();) {
    if (*it->finished) {
      done.push_back(std::move(*it));
      it = g_workers.erase(it);
    } else {
      ++it;
    }
  }
  return done;
}

void join_all(std::vector<Worker>& done) {
  for (auto& w : done) w.thread.join();
}

}  // namespace

void set_wake(std::function<void()> wake) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_wake = std::move(wake);
}

void wait_for_jobs() {
  std::vector<Worker> done;
  {
    std::unique_lock<std::mutex> lock(g_mutex);
    g_idle.wait(lock, [] { return running_locked() == 0; });
    done = take_finished_locked();
  }
  join_all(done);
}

bool jobs_running() {
  std::lock_guard<std::mutex> lock(g_mutex);
  return running_locked() > 0;
}

void start_thread(std::function<void()> work) {
  std::vector<Worker> done;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    done = take_finished_locked();
    auto finished = std::make_shared<bool>(false);
    std::thread t([work = std::move(work), finished] {
      work();
      // Wake under the lock, so no wake follows wait_for_jobs.
      std::lock_guard<std::mutex> lock(g_mutex);
      if (g_wake) g_wake();
      *finished = true;
      g_idle.notify_all();
    });
    g_workers.push_back({std::move(t), std::move(finished)});
  }
  join_all(done);
}

}  // namespace lsgui
