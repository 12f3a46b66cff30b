//===- WorkerProcesses.cpp - triton-compile -j: jobs in forked processes --===//

#include "opt-tool/triton-compile/WorkerProcesses.h"

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <new>
#include <optional>
#include <poll.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace mlir::triton;

namespace {

// A worker's pipe carries records: 'S' and a job index when it starts a job,
// 'R', the index, ok, fromCache, the text's length and the text when it ends
// it. Integers in this machine's byte order: both ends are one executable.
constexpr char kStarted = 'S', kEnded = 'R';

bool writeAll(int fd, const char *data, size_t size) {
  while (size) {
    ssize_t written = ::write(fd, data, size);
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0)
      return false;
    data += written;
    size -= written;
  }
  return true;
}

void appendInteger(std::string &record, uint64_t value) {
  record.append(reinterpret_cast<const char *>(&value), sizeof(value));
}

uint64_t readInteger(const std::string &buffer, size_t at) {
  uint64_t value;
  std::memcpy(&value, buffer.data() + at, sizeof(value));
  return value;
}

/// A worker: takes the next job from the shared counter until none is left.
[[noreturn]] void work(int fd, std::atomic<size_t> &next,
                       llvm::ArrayRef<size_t> order,
                       llvm::function_ref<JobOutcome(size_t)> run) {
  for (size_t slot = next++; slot < order.size(); slot = next++) {
    std::string record(1, kStarted);
    appendInteger(record, order[slot]);
    if (!writeAll(fd, record.data(), record.size()))
      break;
    JobOutcome outcome = run(order[slot]);
    record.assign(1, kEnded);
    appendInteger(record, order[slot]);
    record += char(outcome.ok);
    record += char(outcome.fromCache);
    appendInteger(record, outcome.text.size());
    record += outcome.text;
    if (!writeAll(fd, record.data(), record.size()))
      break;
  }
  ::close(fd);
  // No static destructors: they belong to the parent, which still runs.
  ::_exit(0);
}

struct Worker {
  pid_t pid = -1;
  int fd = -1;
  std::string buffer;
  /// The job it is compiling.
  std::optional<size_t> current;
};

std::string describeStatus(int status) {
  if (WIFSIGNALED(status))
    return "killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
           strsignal(WTERMSIG(status)) + ")";
  if (WIFEXITED(status))
    return "exited with status " + std::to_string(WEXITSTATUS(status));
  return "ended";
}

} // namespace

void mlir::triton::runInWorkerProcesses(
    llvm::ArrayRef<size_t> order, unsigned workers,
    llvm::function_ref<JobOutcome(size_t)> run,
    llvm::function_ref<void(size_t, const JobOutcome &)> report,
    llvm::function_ref<std::string(size_t, const std::string &)>
        describeLoss) {
  // The next slot of `order` to take, shared by the workers.
  void *shared = ::mmap(nullptr, sizeof(std::atomic<size_t>),
                        PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                        -1, 0);
  std::vector<bool> reported;
  for (size_t job : order)
    if (job >= reported.size())
      reported.resize(job + 1, true);
  for (size_t job : order)
    reported[job] = false;
  auto lose = [&](size_t job, const std::string &why) {
    if (reported[job])
      return;
    reported[job] = true;
    JobOutcome outcome;
    outcome.text = describeLoss(job, why);
    report(job, outcome);
  };
  if (shared == MAP_FAILED) {
    for (size_t job : order)
      lose(job, std::string("no memory to share with workers: ") +
                    std::strerror(errno));
    return;
  }
  auto *next = new (shared) std::atomic<size_t>(0);
  static_assert(std::atomic<size_t>::is_always_lock_free,
                "the counter is shared between processes");

  auto spawn = [&](Worker &worker) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
      return false;
    pid_t pid = ::fork();
    if (pid < 0) {
      ::close(fds[0]);
      ::close(fds[1]);
      return false;
    }
    if (pid == 0) {
      ::close(fds[0]);
      work(fds[1], *next, order, run);
    }
    ::close(fds[1]);
    worker = Worker();
    worker.pid = pid;
    worker.fd = fds[0];
    return true;
  };

  std::vector<Worker> pool(workers);
  for (Worker &worker : pool)
    if (!spawn(worker))
      worker = Worker();
  // A worker that dies is replaced while jobs are left, at most once per
  // job: one dying before it takes a job must not make this loop forever.
  size_t replacements = order.size();

  // Reads the records that have arrived whole.
  auto parse = [&](Worker &worker) {
    std::string &buffer = worker.buffer;
    size_t at = 0;
    constexpr size_t head = 1 + sizeof(uint64_t);
    while (buffer.size() - at >= head) {
      char kind = buffer[at];
      size_t job = readInteger(buffer, at + 1);
      if (kind == kStarted) {
        worker.current = job;
        at += head;
        continue;
      }
      constexpr size_t endHead = head + 2 + sizeof(uint64_t);
      if (buffer.size() - at < endHead)
        break;
      size_t length = readInteger(buffer, at + head + 2);
      if (buffer.size() - at < endHead + length)
        break;
      JobOutcome outcome;
      outcome.ok = buffer[at + head];
      outcome.fromCache = buffer[at + head + 1];
      outcome.text = buffer.substr(at + endHead, length);
      at += endHead + length;
      worker.current.reset();
      if (job < reported.size() && !reported[job]) {
        reported[job] = true;
        report(job, outcome);
      }
    }
    buffer.erase(0, at);
  };

  for (;;) {
    std::vector<pollfd> polled;
    std::vector<Worker *> polledWorkers;
    for (Worker &worker : pool)
      if (worker.fd >= 0) {
        polled.push_back({worker.fd, POLLIN, 0});
        polledWorkers.push_back(&worker);
      }
    if (polled.empty())
      break;
    if (::poll(polled.data(), polled.size(), -1) < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    for (size_t i = 0; i < polled.size(); ++i) {
      if (!polled[i].revents)
        continue;
      Worker &worker = *polledWorkers[i];
      char chunk[65536];
      ssize_t got = ::read(worker.fd, chunk, sizeof(chunk));
      if (got < 0 && errno == EINTR)
        continue;
      if (got > 0) {
        worker.buffer.append(chunk, got);
        parse(worker);
        continue;
      }
      // The worker is done, or died.
      ::close(worker.fd);
      worker.fd = -1;
      int status = 0;
      while (::waitpid(worker.pid, &status, 0) < 0 && errno == EINTR)
        ;
      if (worker.current)
        lose(*worker.current,
             "the worker process compiling it " + describeStatus(status));
      if (next->load() < order.size() && replacements > 0) {
        --replacements;
        if (!spawn(worker))
          worker = Worker();
      }
    }
  }
  for (size_t job : order)
    lose(job, "no worker process took it");
  next->~atomic();
  ::munmap(shared, sizeof(std::atomic<size_t>));
}
