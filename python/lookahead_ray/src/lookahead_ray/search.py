"""A `lookahead tune` search on Ray: plain actors, one `lookahead worker` process each.

Why actors and not Ray Tune (Docs/Distributed.md): the journal must be the one `lookahead tune`
writes — same trials, same points, same scores — so the search strategy has to be Lookahead's own
seeded one, not one of Ray Tune's. The Swift side therefore plans the trials (`{"op":"plan"}`:
every search of the tune with its journal header and the trial points that depend on no score:
all of grid and lhs, the hypercube of lhs-nelder-mead), and Ray only spreads the scoring: one
actor per core on every node, each holding one long-lived worker process that loaded the data
once. The trials a strategy chooses from the scores (nelder-mead) run one at a time per search,
each proposed by the worker from the search's trials so far (`{"op":"next"}`); the searches of a
tune (its folds and the final search) are independent, so they run side by side. The driver
alone writes the journals, in trial order.
"""

import collections
import json
import os
import time

import ray

from .journal import Journal, JournalMismatch, resumable
from .launch import find_lookahead, process_environment
from .shipping import materialize, pack
from .worker import WorkerLost, WorkerProcess, WorkerRefused


@ray.remote(num_cpus=1)
class TrialActor:
    """Holds one `lookahead worker` process on the node Ray placed this actor on. With a
    `shipment` (`--ship-data`: a manifest and the object-store reference of the datasets' files)
    it first writes the datasets to this node's disk and points the worker at them."""

    def __init__(self, lookahead, tune_options, cwd, env, shipment=None):
        env = dict(env)
        self.data_folder = None
        if shipment is not None:
            manifest, contents, root = shipment
            self.data_folder = materialize(manifest, ray.get(contents), root)
            env["LOOKAHEAD_DATASETS"] = self.data_folder
        self.worker = WorkerProcess(lookahead, tune_options, cwd=cwd, env=env)

    def start(self):
        """Starts the worker and waits until it has loaded the data (its first answer, the plan);
        returns its pid, this actor's node (id and address), the journal headers it planned
        (which name the SHA-256 of every file it read) and the folder of shipped data (or None)."""
        plan = self.worker.ask({"op": "plan"})["plan"]
        headers = [search["headerLine"] for search in plan["searches"]]
        context = ray.get_runtime_context()
        return {"pid": self.worker.pid, "node": context.get_node_id(), "address": ray.util.get_node_ip_address(),
                "headers": headers, "dataFolder": self.data_folder}

    def score(self, search, index):
        """Trial `index` of `search`: its journal line, and the pid of the process that scored it."""
        answer = self.worker.ask({"search": search, "index": index})
        return {"journalLine": answer["journalLine"], "pid": self.worker.pid}

    def step(self, search, trials):
        """The next trial of an adaptive search after `trials` (its records so far): proposed by
        the worker's strategy and scored there; `done` when the search has no more trials."""
        proposal = self.worker.ask({"op": "next", "search": search, "trials": trials})
        if proposal.get("done"):
            return {"done": True, "pid": self.worker.pid}
        point = proposal["next"]
        answer = self.worker.ask({"search": search, "index": point["index"], "unit": point["unit"]})
        return {"journalLine": answer["journalLine"], "pid": self.worker.pid}

    def stop(self):
        self.worker.close()


class WorkerDataDiffers(RuntimeError):
    """A worker planned other journal headers than the driver: it read other files under the
    same paths."""


class TrialAbandoned(RuntimeError):
    """A trial lost its worker too many times; the journals hold every trial finished before it."""


class RaySearch:
    """One distributed search. `run()` fills the journals; progress is in the attributes, so a
    test's `on_trial` callback can see which actors are busy and with which worker pid."""

    def __init__(self, tune_options, journal, lookahead="lookahead", workers=None, attempts=3,
                 cwd=None, env=None, on_trial=None, ship_data=False, ship_root=None):
        self.tune_options = list(tune_options)
        self.journal_path = journal
        self.lookahead = find_lookahead(lookahead)
        self.requested_workers = workers
        self.attempts = attempts
        self.cwd = os.path.abspath(cwd or os.getcwd())
        self.env = process_environment(env)
        self.on_trial = on_trial
        self.ship_data = ship_data
        self.ship_root = ship_root  # where actors write shipped data (default: each node's temporary folder)
        self.shipment = None  # (manifest, object ref of the files, ship_root) with ship_data
        self.actors = []
        self.pids = {}  # actor index -> pid of its worker process (as last known)
        self.nodes = {}  # actor index -> node id
        self.addresses = {}  # actor index -> its node's IP address
        self.data_folders = {}  # actor index -> where it wrote the shipped data (ship_data)
        self.in_flight = {}  # object ref -> (actor index, (search index, trial index))
        self.retries = 0
        self.restarts = 0  # worker processes found ended and started again (a new pid for an actor)
        self.journals = []
        self.seconds = {}  # plan, ship (packing the data), start (workers loaded), search (first dispatch to last trial)

    def _start_actor(self):
        actor = TrialActor.options(scheduling_strategy="SPREAD").remote(
            self.lookahead, self.tune_options, self.cwd, self.env, self.shipment)
        return actor

    def run(self):
        started = time.monotonic()
        # A worker here on the driver plans the tune, and checks the trials of resumed journals
        # that its strategy chose from the scores.
        planner = WorkerProcess(self.lookahead, self.tune_options, cwd=self.cwd, env=self.env)
        try:
            plan = planner.ask({"op": "plan"})["plan"]
            self.seconds["plan"] = time.monotonic() - started
            return self._run(plan, planner)
        finally:
            planner.close()

    def _run(self, plan, planner):
        adaptive = plan["adaptive"]
        self.journals = [
            Journal(self.journal_path + search["journalSuffix"], search["headerLine"], search["trials"], adaptive)
            for search in plan["searches"]]
        labels = [search["label"] for search in plan["searches"]]
        for journal in self.journals:
            journal.lock()
        try:
            resumed = [journal.open() for journal in self.journals]
            # Searches with nothing left: every planned trial done and, when adaptive, the budget
            # used or the strategy ended (the planner's `next` says done; it also checks every
            # resumed trial the strategy chose against the point it chooses now).
            finished = set()
            for s, journal in enumerate(self.journals):
                if journal.done < len(journal.trials):
                    continue
                if not adaptive or self._resumed_search_done(planner, labels[s], journal):
                    finished.add(s)
            if len(finished) < len(self.journals):
                if self.ship_data:
                    started = time.monotonic()
                    manifest, contents = pack(plan["datasets"])
                    self.shipment = (manifest, ray.put(contents), self.ship_root)
                    self.seconds["ship"] = time.monotonic() - started
                self._score(labels, finished)
            return {
                "strategy": plan["strategy"],
                "searches": [
                    {"label": label, "journal": journal.path, "trials": journal.done, "resumed": count}
                    for label, journal, count in zip(labels, self.journals, resumed)],
                "workers": len(self.actors), "nodes": len(set(self.nodes.values())),
                "nodeAddresses": sorted(set(self.addresses.values())), "retries": self.retries,
                "restarts": self.restarts,
                "seconds": {name: round(value, 3) for name, value in self.seconds.items()}}
        finally:
            for actor in self.actors:
                try:
                    ray.get(actor.stop.remote(), timeout=30)
                except Exception:  # a dead actor has nothing left to stop
                    pass
            for journal in self.journals:
                journal.unlock()

    def _resumed_search_done(self, planner, label, journal):
        """Whether an adaptive search resumed past its planned trials has no trial left; raises
        JournalMismatch naming the journal line of a trial its strategy would not choose."""
        try:
            return bool(planner.ask({"op": "next", "search": label, "trials": journal.records}).get("done"))
        except WorkerRefused as error:
            field = error.field or ""
            if not field.startswith("trials["):
                raise
            index = int(field[len("trials["):].split("]")[0])
            raise JournalMismatch(f"{journal.path}:{index + 2}: trial {index} {error.detail}") from None

    def _score(self, labels, finished_searches):
        """Scores every trial left: the planned ones of all searches at once (`("score", s, i)`),
        and for each adaptive search, once its planned trials are journaled, one `("step", s, n)`
        at a time, ahead of the planned ones (a step holds up its search, a planned trial none)."""
        queue = collections.deque(
            ("score", s, i) for s, journal in enumerate(self.journals) for i in range(journal.done, len(journal.trials)))
        stepping = set()  # adaptive searches with a step queued or in flight

        def queue_steps():
            for s, journal in enumerate(self.journals):
                if journal.adaptive and s not in finished_searches and s not in stepping and journal.done >= len(journal.trials):
                    stepping.add(s)
                    queue.appendleft(("step", s, journal.done))

        queue_steps()
        work = sum(1 for task in queue if task[0] == "score") + len(stepping)
        cores = int(ray.cluster_resources().get("CPU", 1))
        count = min(self.requested_workers or cores, cores, work)
        started = time.monotonic()
        self.actors = [self._start_actor() for _ in range(count)]
        for a, started_actor in enumerate(ray.get([actor.start.remote() for actor in self.actors])):
            self._check_started(a, started_actor)
        self.seconds["start"] = time.monotonic() - started
        started = time.monotonic()
        idle = list(range(count))
        finished = [dict() for _ in self.journals]  # search -> {trial index: line} not yet journaled
        attempts = collections.Counter()
        while queue or self.in_flight:
            while idle and queue:
                a = idle.pop(0)
                task = queue.popleft()
                kind, s, i = task
                if kind == "score":
                    ref = self.actors[a].score.remote(labels[s], i)
                else:
                    ref = self.actors[a].step.remote(labels[s], self.journals[s].records)
                self.in_flight[ref] = (a, task)
            ready, _ = ray.wait(list(self.in_flight), num_returns=1)
            for ref in ready:
                a, task = self.in_flight.pop(ref)
                try:
                    result = ray.get(ref)
                except ray.exceptions.RayActorError:
                    # The actor (or its node) died: a new actor takes its place.
                    self.actors[a] = self._start_actor()
                    self._check_started(a, ray.get(self.actors[a].start.remote()))
                    self._retry(task, queue, attempts, labels, "its Ray actor died")
                    idle.append(a)
                    continue
                except ray.exceptions.RayTaskError as error:
                    if not isinstance(error, WorkerLost) and not isinstance(getattr(error, "cause", None), WorkerLost):
                        raise
                    self._retry(task, queue, attempts, labels, "its worker process ended")
                    idle.append(a)
                    continue
                if result["pid"] != self.pids.get(a):
                    # Its worker was killed or crashed, during a trial (retried above) or between
                    # trials (started again by the next request, no trial lost).
                    self.restarts += 1
                self.pids[a] = result["pid"]
                idle.append(a)
                kind, s, i = task
                if kind == "step":
                    stepping.discard(s)
                    if result.get("done"):
                        finished_searches.add(s)
                        continue
                finished[s][i] = result["journalLine"]
                journal = self.journals[s]
                while journal.done in finished[s]:
                    index = journal.done
                    journal.append(finished[s].pop(index))
                    if self.on_trial:
                        self.on_trial(self, labels[s], index)
                queue_steps()
        self.seconds["search"] = time.monotonic() - started

    def _check_started(self, a, started):
        """Records actor `a`'s worker and node; refuses a worker whose headers differ from the plan's."""
        node, headers = started["node"], started["headers"]
        self.pids[a], self.nodes[a], self.addresses[a] = started["pid"], node, started["address"]
        self.data_folders[a] = started["dataFolder"]
        for header, journal in zip(headers, self.journals):
            if resumable(json.loads(header)) != resumable(json.loads(journal.header_line)):
                raise WorkerDataDiffers(
                    f"the worker on node {node} planned another journal header than the driver for {journal.path} "
                    "(other dataset files under the same paths: their SHA-256 differ); give every node the same files")

    def _retry(self, task, queue, attempts, labels, reason):
        attempts[task] += 1
        _, s, i = task
        if attempts[task] >= self.attempts:
            raise TrialAbandoned(
                f"trial {i} of search {labels[s]} was tried {attempts[task]} times and {reason} each time; "
                f"the journals hold every trial finished before it: run again to resume")
        self.retries += 1
        queue.appendleft(task)
