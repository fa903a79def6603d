// Tests of evaluation on several threads (runtime/parallel.hpp; spec/graph.md, E9).
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "runtime/coverage.hpp"
#include "runtime/coverage_recording.hpp"
#include "runtime/error.hpp"
#include "runtime/parallel.hpp"
#include "runtime/work.hpp"
#include "values/testing.hpp"
#include "values/value.hpp"

using namespace onnxsem;

TEST_CASE("[E9] every piece runs exactly once, on up to T threads; nested calls run in place") {
  for (int t : {1, 2, 3, 8}) {
    CAPTURE(t);
    Threads threads(t);
    EvalContext& cx = test_context();
    CHECK(cx.threads() == t);
    std::vector<std::atomic<int>> runs(1000);
    std::mutex m;
    std::set<std::thread::id> ids;
    parallel_for(cx, 1000, [&](int64_t i) {
      runs[static_cast<size_t>(i)].fetch_add(1);
      // A nested call: runs here, in this piece, one piece after the other.
      int inner = 0;
      const auto me = std::this_thread::get_id();
      parallel_for(cx, 3, [&](int64_t) {
        CHECK(std::this_thread::get_id() == me);
        ++inner;
      });
      CHECK(inner == 3);
      std::lock_guard lock(m);
      ids.insert(me);
    });
    CHECK(std::all_of(runs.begin(), runs.end(), [](const std::atomic<int>& r) { return r.load() == 1; }));
    CHECK(static_cast<int>(ids.size()) <= t);
    if (t == 1) CHECK(ids.count(std::this_thread::get_id()) == 1);  // one thread: the caller's
  }
  CHECK(test_context().threads() == 1);  // restored
  {
    Threads zero(0), many(100000);
    CHECK(test_context().threads() == 256);
  }
  parallel_for(test_context(), 0, [](int64_t) { FAIL("no piece of an empty range runs"); });
}

TEST_CASE("[E9] pieces_for: one piece on one thread or for little work, at most T") {
  CHECK(pieces_for(test_context(), int64_t{1} << 40, 1000) == 1);
  Threads threads(3);
  CHECK(pieces_for(test_context(), int64_t{1} << 40, 1000) == 3);
  CHECK(pieces_for(test_context(), 2500, 1000) == 2);
  CHECK(pieces_for(test_context(), 999, 1000) == 1);
  EvalContext& cx = test_context();
  parallel_for(cx, 2, [&](int64_t) { CHECK(pieces_for(cx, int64_t{1} << 40, 1) == 1); });  // inside a piece
}

TEST_CASE("[E9] an exception in a piece is thrown by parallel_for once every piece has stopped") {
  Threads threads(3);
  std::atomic<int> running{0}, started{0};
  auto body = [&](int64_t i) {
    ++running;
    ++started;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    --running;
    if (i == 5) eval_error("L2", "piece 5 fails");
  };
  CHECK_THROWS_AS(parallel_for(test_context(), 40, body), Failure);
  CHECK(running.load() == 0);
  CHECK(started.load() >= 6);
  // The pool still serves afterwards.
  std::atomic<int> n{0};
  parallel_for(test_context(), 50, [&](int64_t) { ++n; });
  CHECK(n.load() == 50);
}

TEST_CASE("[E9] of several pieces that throw, the lowest-numbered one's error is thrown, on any number of threads") {
  // The error a serial run meets first: piece 3's, although piece 9 (which does not wait) throws sooner.
  for (int t : {1, 2, 3}) {
    CAPTURE(t);
    Threads threads(t);
    EvalContext& cx = test_context();
    for (int round = 0; round < 20; ++round) {
      std::string message;
      try {
        parallel_for(cx, 12, [&](int64_t i) {
          if (i == 3) {
            std::this_thread::sleep_for(std::chrono::microseconds(300));
            eval_error("L2", "piece 3 fails");
          }
          if (i == 9) eval_error("L2", "piece 9 fails");
        });
      } catch (const Failure& f) {
        message = f.error().describe();
      }
      CHECK(message.find("piece 3 fails") != std::string::npos);
    }
  }
}

TEST_CASE("[E9] after a piece has thrown, every lower-numbered piece still runs, whichever thread holds it") {
  // Each thread first takes a run of consecutive pieces of its own: on two threads the caller 0-49, the
  // worker 50-99. Piece 60 throws at once; piece 10 throws only after piece 0 has slept, long after 60 did.
  // The error is piece 10's, and every piece below it ran exactly once.
  for (int t : {1, 2, 3}) {
    CAPTURE(t);
    Threads threads(t);
    for (int round = 0; round < 10; ++round) {
      std::vector<std::atomic<int>> runs(100);
      std::string message;
      try {
        parallel_for(test_context(), 100, [&](int64_t i) {
          runs[static_cast<size_t>(i)].fetch_add(1);
          if (i == 0) std::this_thread::sleep_for(std::chrono::microseconds(2000));
          if (i == 10) eval_error("L2", "piece 10 fails");
          if (i == 60) eval_error("L2", "piece 60 fails");
        });
      } catch (const Failure& f) {
        message = f.error().describe();
      }
      CHECK(message.find("piece 10 fails") != std::string::npos);
      CHECK(std::all_of(runs.begin(), runs.begin() + 11, [](const std::atomic<int>& r) { return r.load() == 1; }));
      CHECK(std::all_of(runs.begin(), runs.end(), [](const std::atomic<int>& r) { return r.load() <= 1; }));
    }
  }
}

TEST_CASE("[E9] [L5] work charged in pieces counts for the firing that handed them out") {
  Threads threads(3);
  {
    WorkBudget budget(1000, 0);
    EvalContext& cx = test_context();
    FiringWork firing(cx);
    // 30 pieces of 10 units: 300 of 1000, then 30 x 30 more exceed the bound whatever thread charges them.
    parallel_for(cx, 30, [&](int64_t) { cx.charge(10, "a piece"); });
    try {
      parallel_for(cx, 30, [&](int64_t) { cx.charge(30, "a piece"); });
      FAIL("the firing's bound was not applied to its pieces");
    } catch (const Failure& f) {
      CHECK(f.error().clause == "L5");
    }
  }
  // The evaluation's bound too: 3 x 400 units on the threads exceed 1000 in all, though no piece does.
  WorkBudget budget(0, 1000);
  EvalContext& cx = test_context();
  CHECK_THROWS_AS(parallel_for(cx, 3, [&](int64_t) { cx.charge(400, "a piece"); }), Failure);
}

TEST_CASE("[E9] [L3] a piece allocates under the allocation limit of the evaluation that handed it out") {
  // Each piece records whether a tensor of 4,000 bytes was refused: under the caller's limit of 1,000 bytes
  // it is, whichever thread runs the piece (a worker's own limit is the default, 8 GiB).
  Threads threads(3);
  const AllocationLimit limit(1000);
  const EvalContext& cx = test_context();
  std::atomic<int> refused{0};
  std::mutex m;
  std::set<std::thread::id> ran_on;
  auto threads_seen = [&] {
    std::lock_guard lock(m);
    return ran_on.size();
  };
  for (int round = 0; round < 20; ++round)
    parallel_for(cx, 12, [&](int64_t i) {
      {
        std::lock_guard lock(m);
        ran_on.insert(std::this_thread::get_id());
      }
      // The first piece waits (up to 10 s) for a worker to take a piece, so that pieces run off the caller's
      // thread however loaded the machine is (a worker joins a job only when it is scheduled in time).
      if (round == 0 && i == 0) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (threads_seen() < 2 && std::chrono::steady_clock::now() < until) std::this_thread::yield();
      }
      try {
        (void)Tensor::allocate<float>(cx, {1000});
      } catch (const Failure& f) {
        if (f.error().clause == "L3") ++refused;
      }
    });
  CHECK(refused == 240);
  CHECK(ran_on.size() > 1);  // workers ran some of the pieces
  CHECK(test_context().limits().tensor_bytes == 1000);
}

TEST_CASE("[E9] [K17] clauses reached in pieces are recorded by the recording of the caller") {
  Threads threads(3);
  EvalContext& cx = test_context();
  auto r = coverage::recorded([&] {
    std::atomic<int> others{0};
    const auto me = std::this_thread::get_id();
    parallel_for(cx, 64, [&](int64_t) {
      if (std::this_thread::get_id() != me) {
        ++others;
        cx.charge(1, "a piece");  // passes L5's marker, on a worker only
      }
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    });
    return others.load();
  });
  REQUIRE(r.value > 0);  // some pieces ran on workers
  CHECK(std::count(r.clauses.begin(), r.clauses.end(), "L5") == 1);
  CHECK(std::count(r.clauses.begin(), r.clauses.end(), "E9") == 1);
  // With no recording on the caller, the workers record nothing either.
  CHECK(coverage::active_sink == nullptr);
}

TEST_CASE("[E9] [K17] a marker registered after a recording began is recorded, passed by several threads at once") {
  // Markers register before main; one registered later lies beyond the recording's flags (reach_late).
  coverage::Recording outer;
  {
    coverage::Recording r;
    coverage::Sink* const sink = coverage::active_sink;
    REQUIRE(sink != nullptr);
    const std::uint32_t late = coverage::register_marker("K17");
    REQUIRE(late >= sink->size);
    Threads threads(3);
    parallel_for(test_context(), 64, [&](int64_t) {
      for (int i = 0; i < 200; ++i) coverage::reach(*sink, late);
    });
    const std::vector<std::string> inner = r.clauses();  // E9 (the job) and K17
    CHECK(std::count(inner.begin(), inner.end(), "K17") == 1);
  }
  // The inner recording hands it on when it ends.
  const std::vector<std::string> got = outer.clauses();
  CHECK(std::count(got.begin(), got.end(), "K17") == 1);
}
