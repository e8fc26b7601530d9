#!/usr/bin/env python3
"""AWARE study (a), adaptation to unseen applications (seed 001 §5.5.2, Fig. 5.7–5.8): AWARE
against TL and TL+, at a scale this 2-core machine runs in minutes.

Parameters (fixed, committed before the first run; see docs/reproduction.md "AWARE"):
  applications  `orrery generate apps --count 100 --seed 5` (the pool of study (c)): the first
                PRETRAIN training applications to pretrain on, the first HELD_OUT held-out
                applications to adapt to, each adapted REPEATS times (training seeds 101, 102, 103)
  arms          every arm is the aware plugin's DDPG agent (Tables 5.1-5.2) with bootstrap off
                and thresholdServing 1e9 (it acts and trains throughout; the lifecycle is not
                what is compared), embeddingDim EMBEDDING, and differs only in what it adds:
                TL     weight transfer (FIRM's approach): zero embedding
                TL+    TL with the extra spatial/temporal state (contextFeatures: the ARIMA(1,1,0)
                       load-change forecast and the resource-performance table)
                AWARE  TL with the meta learner's k-shot embedding (kShot KSHOT; before it, the
                       pretrained model's last embedding)
  pretraining   per arm one model, trained on the PRETRAIN applications in turn, PRETRAIN_EPISODES
                episodes of STEPS steps each, each application continuing from the previous one's
                model (`orrery train aware --mode transfer`); the first from scratch (seed 1).
                The meta learner is meta-trained (`orrery meta-train --agent aware --hidden
                META_HIDDEN --embedding EMBEDDING --steps META_STEPS --seed 1`) on the TL arm's
                pretraining trajectories, before AWARE's pretraining, which uses it.
  adaptation    `orrery train aware --mode transfer` from the arm's pretrained model on the
                held-out application, ADAPT_EPISODES episodes of STEPS steps
  measures      per (application, repeat): the reference reward is the best arm's mean episode
                reward over its last 10 episodes; an arm has converged at the first episode whose
                trailing 5-episode mean reaches CONVERGED x the reference (ADAPT_EPISODES + 1 when
                never: censored, reported); CPU seconds to converge = the adaptation process's
                user+system CPU time x episodes to converge / ADAPT_EPISODES; during adaptation
                (episodes 1..EARLY): mean CPU utilisation (usage / limit), its deficit against the
                same arm's last 10 episodes, and the SLO-violation rate, from the trajectory store
  statistics    speed-up = TL (or TL+) episodes / AWARE episodes per (application, repeat);
                mean with a 95 % bootstrap interval (10,000 resamples, seed 1)

Run:  tools/studies/aware_adaptation.py --orrery build/bin/orrery --out /tmp/aware-adaptation

Variant (a'), --scratch (parameters fixed and committed before its run, after (a) showed every
arm converged from its first episodes with identical rewards): a fourth arm, *scratch*, the same
agent and parameters as TL trained from scratch on the held-out application (no pretraining, no
transfer), to measure whether the held-out applications need adapting at all. The reference
reward is then the best of the four arms; everything else as in (a), and the table adds
scratch / AWARE.

Variant (a''), --learning-core --scratch (parameters in CORE_PARAMS, committed before its run,
after the issue-32 learning core reached AWARE): every arm's agent is the learning core's TD3
through learn::ControlAgent instead of the seed's DDPG; transitions store the action as executed.
Everything else as in (a').
"""
import argparse
import os
import random
import re
import resource
import shutil
import sqlite3

from aware_common import application_pool, by_episode, copy_project, interval, metrics_of, run, transitions, variant

PRETRAIN, HELD_OUT, REPEATS = 16, 10, 3
PRETRAIN_EPISODES, ADAPT_EPISODES, STEPS, EARLY = 50, 100, 30, 20
EMBEDDING, KSHOT, META_HIDDEN, META_STEPS = 16, 3, 64, 300
CONVERGED = 0.95
ARMS = ["TL", "TL+", "AWARE"]


#: Variant (a''), --learning-core: the learning core's TD3 instead of the seed's DDPG (issue 32),
#: committed before its run. A random warm-up of 10 episodes (300 steps) for agents that start
#: untrained (the first pretraining application and the scratch arm; none after a transfer),
#: Gaussian exploration sigma 0.1 (TD3's default) and a pre-tanh penalty of 0.01 (a judgment call,
#: not tried on this study before: at |u| = 3, tanh 0.995, its gradient 0.02 per dimension is of the
#: order of Q's slope there, Q ~ 2.3 reward per step / (1 - 0.99), times 1 - tanh^2 = 0.01).
CORE_PARAMS = {"learner": "td3", "warmupSteps": 300, "explorationNoise": 0.1, "preTanhPenalty": 0.01}
LEARNING_CORE = False
#: Variant (a'''), --learning-core --normalize-state: (a'') plus normalizeState (Table 5.1's nine
#: features through a running mean/std, not the embedding), committed before its run, after (a'')
#: showed the embedding arm and the scratch agent collapsing.
NORMALIZE_STATE = False


def arm_params(arm, meta_file):
    params = {"bootstrap": "off", "thresholdServing": 1e9, "embeddingDim": EMBEDDING}
    if LEARNING_CORE:
        params.update(CORE_PARAMS)
    if NORMALIZE_STATE:
        params["normalizeState"] = "true"
    if arm == "TL+":
        params["contextFeatures"] = "true"
    if arm == "AWARE":
        params.update({"metaModel": meta_file, "metaHidden": META_HIDDEN, "kShot": KSHOT})
    return params


def train(orrery, scenario, project, episodes, seed, transfer):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = [orrery, "train", "aware", "--scenario", scenario, "--project", project, "--episodes", str(episodes),
               "--steps", str(STEPS), "--seed", str(seed), "--quiet"]
    run(command + (["--mode", "transfer"] if transfer else []))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def episodes_to_converge(rewards, reference):
    for e in range(5, len(rewards) + 1):
        if sum(rewards[e - 5:e]) / 5 >= CONVERGED * reference:
            return e
    return len(rewards) + 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--orrery", default="build/bin/orrery")
    parser.add_argument("--out", default="/tmp/aware-adaptation")
    parser.add_argument("--smoke", action="store_true", help="a tiny run that checks the pipeline (not the study)")
    parser.add_argument("--scratch", action="store_true", help="variant (a'): add an arm trained from scratch")
    parser.add_argument("--learning-core", action="store_true", help="variant (a''): the learning core's TD3 (CORE_PARAMS)")
    parser.add_argument("--normalize-state", action="store_true", help="variant (a'''): and a normalised state")
    args = parser.parse_args()
    global ARMS, LEARNING_CORE, NORMALIZE_STATE
    LEARNING_CORE = args.learning_core
    NORMALIZE_STATE = args.normalize_state
    if args.scratch:
        ARMS = ARMS + ["scratch"]
    if args.smoke:
        global PRETRAIN, HELD_OUT, REPEATS, PRETRAIN_EPISODES, ADAPT_EPISODES, EARLY, META_STEPS
        PRETRAIN, HELD_OUT, REPEATS, PRETRAIN_EPISODES, ADAPT_EPISODES, EARLY, META_STEPS = 2, 1, 1, 4, 12, 4, 5
    orrery = os.path.abspath(args.orrery)
    os.makedirs(args.out, exist_ok=True)
    apps, manifest = application_pool(orrery, args.out)
    training = re.findall(r"- name: (app-\d+)\n\s+split: train\b", manifest)[:PRETRAIN]
    held_out = re.findall(r"- name: (app-\d+)\n\s+split: held-out", manifest)[:HELD_OUT]
    scenario_of = lambda app: os.path.join(apps, "scenarios", app + ".yaml")
    meta_file = os.path.join(args.out, "meta-learner.bin")

    pretrained = {}
    for arm in ["TL", "TL+", "AWARE"]:  # TL first: the meta learner learns from its trajectories
        project = os.path.join(args.out, f"pretrain-{arm}.orrery")
        if os.path.exists(project):
            os.remove(project)
        for i, app in enumerate(training):
            path = os.path.join(args.out, f"pretrain-{arm}-{app}.yaml")
            variant(scenario_of(app), path, arm_params(arm, meta_file))
            seconds = train(orrery, path, project, PRETRAIN_EPISODES, 1, transfer=i > 0)
            print(f"pretrain {arm} on {app}: {seconds:.1f} CPU s", flush=True)
        pretrained[arm] = project
        if arm == "TL":
            run([orrery, "meta-train", "--project", project, "--agent", "aware", "--hidden", str(META_HIDDEN),
                 "--embedding", str(EMBEDDING), "--steps", str(META_STEPS), "--seed", "1"])
            (blob,) = sqlite3.connect(project).execute(
                "SELECT bytes FROM models WHERE plugin = 'meta-learner' ORDER BY id DESC LIMIT 1").fetchone()
            open(meta_file, "wb").write(blob)

    cases = []
    for app in held_out:
        for repeat in range(REPEATS):
            seed = 101 + repeat
            case = {"app": app, "seed": seed}
            for arm in ARMS:
                project = os.path.join(args.out, f"adapt-{arm}.orrery")
                scratch = arm == "scratch"
                if scratch:
                    if os.path.exists(project):
                        os.remove(project)
                else:
                    copy_project(pretrained[arm], project)
                path = os.path.join(args.out, f"adapt-{arm}-{app}.yaml")
                variant(scenario_of(app), path, arm_params("TL" if scratch else arm, meta_file))
                seconds = train(orrery, path, project, ADAPT_EPISODES, seed, transfer=not scratch)
                metrics = metrics_of(project, "aware")
                rewards = [metrics[f"episode_reward.{k}"] for k in range(1, ADAPT_EPISODES + 1)]
                per_episode = by_episode(transitions(project, app))
                early = [row for episode in per_episode[:EARLY] for row in episode]
                late = [row for episode in per_episode[-10:] for row in episode]
                case[arm] = {"rewards": rewards, "cpu_seconds": seconds,
                             "early_cpu": sum(r[2] for r in early) / len(early),
                             "late_cpu": sum(r[2] for r in late) / len(late),
                             "early_slo": sum(r[16] for r in early) / len(early)}
            reference = max(sum(case[arm]["rewards"][-10:]) / 10 for arm in ARMS)
            for arm in ARMS:
                e = episodes_to_converge(case[arm]["rewards"], reference)
                case[arm]["episodes"] = e
                case[arm]["cpu_to_converge"] = case[arm]["cpu_seconds"] * min(e, ADAPT_EPISODES) / ADAPT_EPISODES
            cases.append(case)
            print(app, seed, {arm: (case[arm]["episodes"], round(case[arm]["cpu_to_converge"], 1),
                                    round(sum(case[arm]["rewards"][-10:]) / 10, 2)) for arm in ARMS}, flush=True)

    rng = random.Random(1)
    n = len(cases)
    print(f"\n{n} adaptations ({len(held_out)} held-out applications x {REPEATS} seeds), {ADAPT_EPISODES} episodes "
          f"of {STEPS} steps; converged = trailing 5-episode mean >= {CONVERGED} x the best arm's last-10 mean")
    print("| measure | " + " | ".join(ARMS) + " |")
    print("| --- |" + " --- |" * len(ARMS))
    rows = [("episodes to converge (mean)", lambda c, a: c[a]["episodes"]),
            ("never converged (count)", lambda c, a: 1 if c[a]["episodes"] > ADAPT_EPISODES else 0),
            ("CPU seconds to converge (mean)", lambda c, a: c[a]["cpu_to_converge"]),
            ("CPU seconds per adaptation run (mean)", lambda c, a: c[a]["cpu_seconds"]),
            ("reward, last 10 episodes (mean per episode)", lambda c, a: sum(c[a]["rewards"][-10:]) / 10),
            (f"CPU utilisation, episodes 1-{EARLY}", lambda c, a: c[a]["early_cpu"]),
            (f"utilisation deficit, episodes 1-{EARLY} vs last 10", lambda c, a: c[a]["late_cpu"] - c[a]["early_cpu"]),
            (f"SLO-violation rate, episodes 1-{EARLY}", lambda c, a: c[a]["early_slo"])]
    for name, value in rows:
        total = name.endswith("(count)")
        cells = [sum(value(c, arm) for c in cases) / (1 if total else n) for arm in ARMS]
        print(f"| {name} | " + " | ".join(f"{v:.4g}" for v in cells) + " |")
    print("\n| ratio | mean [95 % CI] |")
    print("| --- | --- |")
    for baseline in [arm for arm in ARMS if arm != "AWARE"]:
        for key, label in [("episodes", "episodes"), ("cpu_to_converge", "CPU seconds")]:
            ratios = [c[baseline][key] / c["AWARE"][key] for c in cases if c["AWARE"][key] > 0]
            mean, low, high = interval(ratios, rng)
            print(f"| {label} to converge, {baseline} / AWARE | {mean:.3f} [{low:.3f}, {high:.3f}] (n = {len(ratios)}) |")


if __name__ == "__main__":
    main()
