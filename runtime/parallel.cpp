// The threads of an evaluation (runtime/parallel.hpp; spec/graph.md, E9).
//
// One pool of worker threads serves every evaluation of the process (a sweep evaluates on several threads
// at once, each evaluation with its own context and count). A call of parallel_for posts a job: the pieces
// are claimed one at a time, by the calling thread and by up to threads - 1 workers (the threads of the
// context the call names), each recording clauses for the caller's recording while it runs a piece. The
// caller leaves only once the job is off the queue and no worker is still in one of its pieces, so the job
// (on the caller's stack) outlives every use of it.
//
// Each thread of a job first claims the pieces of its own share, a run of consecutive pieces (the caller
// the first, the first worker to join the second, ...), then those left in the others' shares. Kernels cut
// their work into ordered slices (of channels, planes, elements), so a thread computes about the same part
// of each tensor from one firing to the next and finds there what it wrote the firing before in its own
// caches. Measured on two threads, runs alternated in one process, against one shared counter: ShuffleNet
// 7.38 -> 7.10 ms, Inception v2 46.1 -> 45.4, DenseNet-121 71.7 -> 70.2 (q25), ResNet-50 82.7 -> 81.0 (q25),
// SqueezeNet and the others within 1%.
#include "runtime/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "runtime/coverage.hpp"

namespace onnxsem {
namespace {

// How long a thread polls before it sleeps: a worker for the next job, the caller for the workers still in
// its job. A model's firings come every few tens of microseconds, about as long as waking a sleeping thread
// takes, so the pool's threads poll for a while after each job instead (only while an evaluation on several
// threads is going on: an idle pool sleeps).
constexpr auto kPoll = std::chrono::microseconds(200);

// Polls `ready` until it holds or kPoll has passed (the caller then waits on its condition variable,
// which checks again).
template <class Ready>
void poll(Ready ready) {
  const auto until = std::chrono::steady_clock::now() + kPoll;
  for (int i = 1; !ready(); ++i) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
    if (i % 64 == 0 && std::chrono::steady_clock::now() >= until) return;
  }
}
// Whether this thread runs a piece (nested calls then run in place): a state of the thread, not of an
// evaluation.
constinit thread_local bool in_piece = false;

struct Job {
  const std::function<void(int64_t)>* piece = nullptr;
  int64_t count = 0;
  int helpers_wanted = 0;  // workers that may join (guarded by the pool's mutex)
  int helpers_joined = 0;  // guarded by the pool's mutex
  // The shares of the caller (0) and of the workers in the order they join (1, 2, ...): the pieces
  // [next, end) of each are still to be claimed.
  struct Share {
    std::atomic<int64_t> next{0};
    int64_t end = 0;
  };
  std::vector<Share> shares;
  std::atomic<int> helpers_running{0};  // changed under `done_mutex` (read without it while spinning)
  std::mutex done_mutex;
  std::condition_variable done;
  // The exception of the lowest-numbered piece that threw (guarded by `done_mutex`). Once a piece has
  // thrown, the pieces above it are skipped but every piece below it still runs, so the lowest-numbered
  // piece that throws always runs and is found: the one that throws first when the pieces run one after the
  // other. The error does not depend on the number of threads or on timing.
  std::exception_ptr error;
  int64_t error_piece = -1;
  std::atomic<int64_t> lowest_error{INT64_MAX};  // error_piece once a piece has thrown
  coverage::Sink* sink = nullptr;                // the caller's recording (K17)

  // Claims and runs pieces, those of share `self` first, until none is left; records the exception as above.
  void work(int self) {
    const size_t n = shares.size();
    for (size_t r = 0; r < n; ++r) {
      Share& share = shares[(static_cast<size_t>(self) + r) % n];
      for (;;) {
        const int64_t i = share.next.fetch_add(1, std::memory_order_relaxed);
        if (i >= share.end) break;
        if (i > lowest_error.load(std::memory_order_relaxed)) continue;
        try {
          (*piece)(i);
        } catch (...) {
          std::lock_guard lock(done_mutex);
          if (!error || i < error_piece) {
            error = std::current_exception();
            error_piece = i;
            lowest_error = i;
          }
        }
      }
    }
  }
};

class Pool {
 public:
  // Makes sure at least `n` workers exist.
  void grow(int n) {
    std::lock_guard lock(mutex_);
    while (static_cast<int>(workers_.size()) < n) workers_.emplace_back([this] { serve(); });
  }
  void post(Job& job) {
    {
      std::lock_guard lock(mutex_);
      queue_.push_back(&job);
      queued_ = static_cast<int>(queue_.size());
    }
    wake_.notify_all();
  }
  // Takes the job off the queue (if a worker has not already); no worker joins it afterwards.
  void withdraw(Job& job) {
    std::lock_guard lock(mutex_);
    if (auto it = std::find(queue_.begin(), queue_.end(), &job); it != queue_.end()) queue_.erase(it);
    queued_ = static_cast<int>(queue_.size());
  }

 private:
  void serve() {
    for (;;) {
      Job* job = nullptr;
      int share = 0;  // this worker's in the job
      {
        poll([&] { return queued_.load(std::memory_order_relaxed) > 0; });
        std::unique_lock lock(mutex_);
        if (queue_.empty()) {
          // Asleep until a job is posted. A job of a few microseconds is often done (and withdrawn) before
          // a sleeping worker wakes: it then polls again rather than sleeping at once, and so is ready for
          // the firings that follow.
          wake_.wait(lock);
          if (queue_.empty()) continue;
        }
        job = queue_.front();
        share = ++job->helpers_joined;
        if (share >= job->helpers_wanted) queue_.pop_front();
        queued_ = static_cast<int>(queue_.size());
        std::lock_guard done_lock(job->done_mutex);
        ++job->helpers_running;
      }
      {
        coverage::Sink* const saved_sink = coverage::active_sink;
        coverage::active_sink = job->sink;
        in_piece = true;
        job->work(share);
        in_piece = false;
        coverage::active_sink = saved_sink;
      }
      std::lock_guard done_lock(job->done_mutex);
      if (--job->helpers_running == 0) job->done.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job*> queue_;
  std::atomic<int> queued_{0};        // queue_.size(), changed under mutex_ (read without it while polling)
  std::vector<std::thread> workers_;  // never joined: they serve until the process ends
};

Pool& pool() {
  // Deliberately leaked: workers blocked in the pool must not see it destroyed at exit.
  static Pool* p = new Pool;
  return *p;
}

}  // namespace

int available_cores() noexcept { return std::max(1u, std::thread::hardware_concurrency()); }

int64_t pieces_for(const EvalContext& context, int64_t units, int64_t grain) noexcept {
  const int threads = context.threads();
  if (threads <= 1 || in_piece || units <= 0) return 1;
  return std::clamp<int64_t>(units / std::max<int64_t>(grain, 1), 1, threads);
}

void parallel_for(const EvalContext& context, int64_t count, const std::function<void(int64_t)>& piece) {
  if (count <= 0) return;
  const int helpers = static_cast<int>(std::min<int64_t>(context.threads() - 1, count - 1));
  if (helpers <= 0 || in_piece) {
    for (int64_t i = 0; i < count; ++i) piece(i);
    return;
  }
  // [spec:E9] the pieces of a firing on several threads: the caller and up to T - 1 workers claim them;
  // each piece's work and clauses count for the caller's evaluation; its exception is the firing's.
  ONNXSEM_CLAUSE(E9);
  Job job;
  job.piece = &piece;
  job.count = count;
  job.helpers_wanted = helpers;
  job.shares = std::vector<Job::Share>(static_cast<size_t>(helpers) + 1);
  for (int t = 0; t <= helpers; ++t) {
    const auto [lo, hi] = slice_bounds(count, helpers + 1, t);
    job.shares[static_cast<size_t>(t)].next = lo;
    job.shares[static_cast<size_t>(t)].end = hi;
  }
  job.sink = coverage::active_sink;
  pool().grow(helpers);
  {
    pool().post(job);
    in_piece = true;
    job.work(0);
    in_piece = false;
    pool().withdraw(job);
  }
  poll([&] { return job.helpers_running.load() == 0; });
  // Through the mutex even when the poll saw zero: the last worker leaves the job only when it releases it.
  std::unique_lock lock(job.done_mutex);
  job.done.wait(lock, [&] { return job.helpers_running == 0; });
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace onnxsem
