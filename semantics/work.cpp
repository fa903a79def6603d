// The work meter (spec/values.md, L5).
#include "semantics/work.hpp"

#include <string>

#include "semantics/coverage.hpp"
#include "semantics/error.hpp"

namespace onnxsem {

namespace {
struct Meter {
  int64_t firing_limit = kDefaultFiringWork;
  int64_t evaluation_limit = kDefaultEvaluationWork;
  int64_t firing = 0;      // units charged by the current firing
  int64_t evaluation = 0;  // units charged by the current evaluation
};
thread_local Meter own;
thread_local Meter* active = &own;         // the meter this thread charges (another thread's in a piece, E9)
thread_local std::mutex* share = nullptr;  // held while charging a meter that several threads charge
}  // namespace

void charge_work(int64_t units, std::string_view what) {
  if (units < 0) units = std::numeric_limits<int64_t>::max();
  // [spec:L5] the work of a firing and of an evaluation is counted before it is done, and bounded.
  ONNXSEM_CLAUSE(L5);
  std::unique_lock<std::mutex> lock;
  if (share) lock = std::unique_lock(*share);
  Meter& meter = *active;
  const int64_t firing = work_sum(meter.firing, units);
  if (firing > meter.firing_limit)
    eval_error("L5", std::string(what) + " needs about " + std::to_string(firing) +
                         " elementary operations in one firing, more than the bound of " +
                         std::to_string(meter.firing_limit) + " (--max-firing-work)");
  const int64_t evaluation = work_sum(meter.evaluation, units);
  if (evaluation > meter.evaluation_limit)
    eval_error("L5", std::string(what) + " brings the evaluation to about " + std::to_string(evaluation) +
                         " elementary operations, more than the bound of " + std::to_string(meter.evaluation_limit) +
                         " (--max-work)");
  meter.firing = firing;
  meter.evaluation = evaluation;
}

WorkBudget::WorkBudget(int64_t per_firing, int64_t per_evaluation) noexcept
    : saved_{active->firing_limit, active->evaluation_limit, active->firing, active->evaluation} {
  active->firing_limit = per_firing > 0 ? per_firing : std::numeric_limits<int64_t>::max();
  active->evaluation_limit = per_evaluation > 0 ? per_evaluation : std::numeric_limits<int64_t>::max();
  active->firing = 0;
  active->evaluation = 0;
}

WorkBudget::~WorkBudget() {
  active->firing_limit = saved_[0];
  active->evaluation_limit = saved_[1];
  active->firing = saved_[2];
  active->evaluation = saved_[3];
}

FiringWork::FiringWork() noexcept : saved_(active->firing) { active->firing = 0; }
FiringWork::~FiringWork() { active->firing = saved_; }

namespace detail {
void* this_threads_meter() noexcept { return active; }
UseMeter::UseMeter(void* meter, std::mutex* lock) noexcept : saved_meter_(active), saved_lock_(share) {
  active = static_cast<Meter*>(meter);
  share = lock;
}
UseMeter::~UseMeter() {
  active = static_cast<Meter*>(saved_meter_);
  share = saved_lock_;
}
}  // namespace detail

}  // namespace onnxsem
