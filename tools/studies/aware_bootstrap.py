#!/usr/bin/env python3
"""AWARE study (c), early training with and without bootstrapping (seed 001 §5.5.4, Table 5.3,
Fig. 5.10), at a scale this 2-core machine runs in minutes.

Parameters (fixed, committed before the first run; see docs/reproduction.md "AWARE"):
  applications  the held-out applications of `orrery generate apps --count 100 --seed 5`
  arms          rule-based  aware that never leaves OFFLINE (thresholdOnline 1e9): the hpa-vpa
                            fallback acts throughout (the paper's "rule-based method")
                no-bootstrap  aware with bootstrap off: the DDPG agent acts and trains from episode 1
                bootstrap   aware with bootstrap on and thresholdOnline = the rule-based arm's mean
                            lifecycle reward on the same application (§5.5.4: "we set the
                            bootstrapping threshold to [the rule-based reward]"), window 5
  training      40 episodes of 30 steps, the application scenario's seed, everything else the
                plugin's defaults (Table 5.2), no meta learner
  measures      over all 40 episodes (the early stage): mean CPU and memory utilisation (usage /
                limit, mean over services), SLO-violation rate, mean reward per step, from the
                trajectory store (docs/learning.md, "Trajectories")
  statistics    per application, bootstrap / no-bootstrap (and / rule-based); the mean over
                applications with a 95 % paired bootstrap interval (10,000 resamples, seed 1)

Run:  tools/studies/aware_bootstrap.py --orrery build/bin/orrery --out /tmp/aware-bootstrap

Variant (c'), --tune-fallback (parameters fixed and committed before its run, after (c) showed
the untuned fallback violating the SLO in 89 % of periods): the fallback tuned per application
as the paper tuned its rule-based baseline (§5.5.3: "we measured the maximum CPU utilization when
the SLO was met, and set it as the threshold for HPA"; VPA left at its defaults): the rule-based
arm is trained once per targetCpuUtilization in TUNING (highest first) and the highest whose
SLO-violation rate is at most 0.05 is kept (if none, the one with the lowest rate); all three
arms then use it. Everything else as in (c).

Variant (c‴), --vpa-minimums-off (parameters committed before its run, after (c″) showed VPA's
250 MiB per-pod minimum lying above the generated services' 128–192Mi limits, so the updater
applies the whole recommendation at the first step): the fallback's VPA minimums are 0
(minCpu 0, minMemory 0) in all three arms; everything else as in (c).
"""
import argparse
import os
import random
import re

from aware_common import application_pool, interval, measures, run, transitions, variant

EPISODES, STEPS, WINDOW = 40, 30, 5
TUNING, TUNED_SLO_VIOLATIONS = [0.7, 0.5, 0.3, 0.1], 0.05
ARMS = ["rule-based", "no-bootstrap", "bootstrap"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--orrery", default="build/bin/orrery")
    parser.add_argument("--out", default="/tmp/aware-bootstrap")
    parser.add_argument("--tune-fallback", action="store_true", help="variant (c'): tune the fallback's HPA target per app")
    parser.add_argument("--vpa-minimums-off", action="store_true", help="variant (c‴): the fallback's VPA minimums at 0")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    apps, manifest = application_pool(args.orrery, args.out)
    held_out = re.findall(r"- name: (app-\d+)\n\s+split: held-out", manifest)
    results = {}
    for app in held_out:
        scenario = os.path.join(apps, "scenarios", app + ".yaml")
        per_arm = {}
        fallback = {"minCpu": 0, "minMemory": 0} if args.vpa_minimums_off else {}
        if args.tune_fallback:
            tried = []
            for target in TUNING:
                path = os.path.join(args.out, f"{app}-tune-{target}.yaml")
                variant(scenario, path, {"bootstrap": "on", "thresholdOnline": 1e9, "targetCpuUtilization": target})
                project = os.path.join(args.out, f"tune-{target}.orrery")
                run([args.orrery, "train", "aware", "--scenario", path, "--project", project, "--episodes", str(EPISODES),
                     "--steps", str(STEPS), "--quiet"])
                tried.append((target, measures(transitions(project, app))["slo_violations"]))
            good = [target for target, violations in tried if violations <= TUNED_SLO_VIOLATIONS]
            chosen = max(good) if good else min(tried, key=lambda t: t[1])[0]
            fallback = {"targetCpuUtilization": chosen}
            print(app, "fallback tuning (target, SLO-violation rate):", tried, "->", chosen, flush=True)
        for arm in ARMS:
            params = {"rule-based": {"bootstrap": "on", "thresholdOnline": 1e9},
                      "no-bootstrap": {"bootstrap": "off"},
                      "bootstrap": {"bootstrap": "on", "window": WINDOW,
                                    "thresholdOnline": round(per_arm.get("rule-based", {}).get("reward", 0) * 300, 3)}}[arm]
            params.update(fallback)
            path = os.path.join(args.out, f"{app}-{arm}.yaml")
            variant(scenario, path, params)
            project = os.path.join(args.out, f"{arm}.orrery")
            run([args.orrery, "train", "aware", "--scenario", path, "--project", project, "--episodes", str(EPISODES),
                 "--steps", str(STEPS), "--quiet"])
            per_arm[arm] = measures(transitions(project, app))
        results[app] = per_arm
        print(app, {arm: {k: round(v, 4) for k, v in m.items()} for arm, m in per_arm.items()}, flush=True)

    rng = random.Random(1)
    print(f"\n{len(results)} held-out applications, {EPISODES} episodes of {STEPS} steps each")
    print("| measure | rule-based | no bootstrapping | bootstrapping | bootstrapping / no bootstrapping [95 % CI] |")
    print("| --- | --- | --- | --- | --- |")
    for key in ["cpu", "memory", "slo_violations", "reward"]:
        means = {arm: sum(r[arm][key] for r in results.values()) / len(results) for arm in ARMS}
        ratios = [r["bootstrap"][key] / r["no-bootstrap"][key] for r in results.values() if r["no-bootstrap"][key] > 0]
        mean, low, high = interval(ratios, rng) if ratios else (float("nan"),) * 3
        print(f"| {key} | {means['rule-based']:.4f} | {means['no-bootstrap']:.4f} | {means['bootstrap']:.4f} | "
              f"{mean:.3f} [{low:.3f}, {high:.3f}] (n = {len(ratios)}) |")


if __name__ == "__main__":
    main()
