"""Policies written in Python as experiment arms beside the built-in ones (the `python` plugin,
docs/python.md "Python policies"), through the real `orrery` executable."""
import os
import shutil
import subprocess
import tempfile
import unittest

import orrery
from orrery.experiments import executable
from orrery_test_support import SOURCE_DIR

POLICIES = os.path.join(SOURCE_DIR, "tests", "fixtures", "python-policies")
SCENARIOS = os.path.join(SOURCE_DIR, "resources", "scenarios")


def experiment(folder, name, scenario, arms, metrics, seeds=2):
    lines = ["apiVersion: orrery.dev/v1", "kind: Experiment", f"metadata: {{name: {name}}}", "spec:",
             f"  scenario: {scenario}", "  arms:"]
    for arm, policies in arms:
        lines.append(f"    - name: {arm}")
        if policies:
            lines.append(f"      policies: {policies}")
    lines += [f"  seeds: {{count: {seeds}}}", f"  metrics: [{', '.join(metrics)}]"]
    path = os.path.join(folder, name + ".yaml")
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return path


class PythonPolicies(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="orrery-python-policies-")
        self.project = os.path.join(self.folder, "results.orrery")

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def test_a_python_placement_policy_is_an_arm_in_the_comparison_and_the_report(self):
        file = experiment(self.folder, "python-placement", os.path.join(SCENARIOS, "demo.yaml"),
                          [("first-fit", "{placement: {plugin: first-fit}}"),
                           ("least-allocated", f"{{placement: {{python: 'example_policies:LeastAllocated', params: {{path: '{POLICIES}'}}}}}}")],
                          ["job.completion_time.mean"])
        rows = orrery.run_experiment(file, self.project)
        arm = [r for r in rows if r["arm"] == "least-allocated"]
        self.assertEqual(len(arm), 1)
        self.assertEqual(arm[0]["runs"], 2)
        # demo.yaml: spreading memory-heavy jobs beats first-fit's packing (resources/experiments/demo-ab.yaml).
        self.assertLess(arm[0]["median_ratio"], 1.0)
        with orrery.Project(self.project) as project:
            policies = {run["policies"]["placement"] for run in project.runs()}
        self.assertTrue(any(p.startswith("python") and "example_policies:LeastAllocated" in p for p in policies), policies)
        report = os.path.join(self.folder, "report.html")
        subprocess.run([executable(), "report", "--project", self.project, "--out", report], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(report, encoding="utf-8") as html:
            self.assertIn("least-allocated", html.read())

    def test_a_python_control_policy_scales_services_out_of_slo_violations(self):
        scenario = os.path.join(SOURCE_DIR, "examples", "out-of-tree-policy", "busy-social.yaml")
        file = experiment(self.folder, "python-control", scenario,
                          [("no-control", ""),
                           ("step-scaler", f"{{control: {{python: 'example_policies:StepScaler', params: {{path: '{POLICIES}', args: '6'}}}}}}")],
                          ["ms.slo_violation_rate"], seeds=1)
        rows = {r["arm"]: r for r in orrery.run_experiment(file, self.project)}
        self.assertGreater(rows["no-control"]["mean"], 0.5)
        self.assertLess(rows["step-scaler"]["mean"], 0.5 * rows["no-control"]["mean"])

    def test_an_exception_in_user_code_fails_the_runs_with_the_traceback(self):
        file = experiment(self.folder, "python-broken", os.path.join(SCENARIOS, "demo.yaml"),
                          [("first-fit", "{placement: {plugin: first-fit}}"),
                           ("broken", f"{{placement: {{python: 'example_policies:Broken', params: {{path: '{POLICIES}'}}}}}}")],
                          ["job.completion_time.mean"])
        with self.assertRaises(orrery.ExperimentError) as raised:
            orrery.run_experiment(file, self.project)
        message = str(raised.exception)
        self.assertIn("python policy example_policies:Broken: place() raised", message)
        self.assertIn("Traceback (most recent call last)", message)
        self.assertIn("in choose", message)
        self.assertIn("ValueError: cannot place", message)
        with orrery.Project(self.project) as project:  # the project is intact: first-fit's runs are kept
            statuses = sorted(run["status"] for run in project.runs())
        self.assertEqual(statuses, ["completed", "completed", "failed", "failed"])

    def test_a_missing_module_or_a_wrong_answer_is_a_clear_error(self):
        for cls, expected in (("no_such_module:Policy", "No module named 'no_such_module'"),
                              ("example_policies:Missing", "has no 'Missing'"),
                              ("example_policies:WrongAnswer", "place() returned 'node-0', expected a node id (int) or None"),
                              ("no-colon", "expected \"module:Class\"")):
            with self.subTest(cls=cls):
                file = experiment(self.folder, "python-bad", os.path.join(SCENARIOS, "demo.yaml"),
                                  [("bad", f"{{placement: {{python: '{cls}', params: {{path: '{POLICIES}'}}}}}}")],
                                  ["job.completion_time.mean"], seeds=1)
                with self.assertRaises(orrery.ExperimentError) as raised:
                    orrery.run_experiment(file, os.path.join(self.folder, cls.replace(":", "_") + ".orrery"))
                self.assertIn(expected, str(raised.exception))

    def test_a_python_policy_runs_inside_a_python_host_too(self):
        # orrery.run in this interpreter: the plugin uses the host's interpreter, not a second one.
        with open(os.path.join(SCENARIOS, "octopus-small.yaml"), encoding="utf-8") as original:
            text = original.read()
        policy = f'    placement: {{python: "example_policies:LeastAllocated", params: {{path: "{POLICIES}"}}}}\n'
        self.assertIn("    placement:\n      plugin: first-fit\n", text)
        path = os.path.join(self.folder, "octopus-python.yaml")
        with open(path, "w", encoding="utf-8") as out:
            out.write(text.replace("    placement:\n      plugin: first-fit\n", policy))
        first = orrery.run(path)
        self.assertEqual(first["status"], "completed", first["message"])
        self.assertTrue(first["policies"]["placement"].startswith("python"))
        self.assertEqual(orrery.run(path)["metrics"], first["metrics"])  # deterministic per seed

    def test_python_and_plugin_together_are_refused_by_name(self):
        file = experiment(self.folder, "python-both", os.path.join(SCENARIOS, "demo.yaml"),
                          [("both", "{placement: {plugin: first-fit, python: 'example_policies:LeastAllocated'}}")],
                          ["job.completion_time.mean"], seeds=1)
        with self.assertRaises(orrery.ExperimentError) as raised:
            orrery.run_experiment(file, self.project)
        self.assertEqual(raised.exception.returncode, 2)
        self.assertIn("python-both.yaml:8:57:", str(raised.exception))
        self.assertIn("give either plugin or python, not both", str(raised.exception))


if __name__ == "__main__":
    unittest.main()
