"""What the service is doing, for whoever runs it: /metrics in Prometheus's text
format, through prometheus_client (the project's own client library: its text
format and its histograms are the ones a Prometheus server expects, with nothing
of ours to get wrong), and /healthz.

Each app has its own registry, so that several apps in one process (the tests)
count apart. The counters and the workers' gauges are this process's (a Prometheus
server adds the processes up); the sets, the database and the queue are read from
the database when scraped, the same on every process."""
from __future__ import annotations

import time

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client import CONTENT_TYPE_LATEST

# Job times: a small puzzle takes milliseconds, a 40x40 one or a set's PDF seconds.
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.responses = Counter("wordsearch_responses", "Responses sent, by status code.",
                                 ["status"], registry=self.registry)
        self.rejections = Counter("wordsearch_rejections",
                                  "Requests refused, by reason: busy (the service), share (the "
                                  "client's jobs at once), puzzles, sets, upload (the client's "
                                  "limits), too_large, too_slow, bad_request, invalid, "
                                  "connections.", ["reason"], registry=self.registry)
        self.job_seconds = Histogram("wordsearch_job_seconds",
                                     "Seconds a task took in a worker, by what it ran.",
                                     ["task"], buckets=BUCKETS, registry=self.registry)
        self.wait_seconds = Histogram("wordsearch_wait_seconds",
                                      "Seconds a task waited for a worker.",
                                      buckets=BUCKETS, registry=self.registry)
        self.sets = Gauge("wordsearch_sets", "Class sets in the storage, by state (all "
                          "processes).", ["state"], registry=self.registry)
        self.queue = Gauge("wordsearch_queue", "The task queue (all machines): workers alive, "
                           "jobs waiting and running; with SQLite, this server's sets being "
                           "made.", ["what"], registry=self.registry)
        self.database_up = Gauge("wordsearch_database_up", "1 when the database answered the "
                                 "last scrape, else 0.", registry=self.registry)
        self.started = time.time()

    def watch(self, name: str, help: str, read) -> None:
        """A gauge read when scraped (the queue's depth, the sets working)."""
        Gauge(name, help, registry=self.registry).set_function(read)

    def task_done(self, task: str, waited: float, ran: float) -> None:
        self.wait_seconds.observe(waited)
        self.job_seconds.labels(task).observe(ran)

    def text(self) -> tuple[bytes, str]:
        return generate_latest(self.registry), CONTENT_TYPE_LATEST
