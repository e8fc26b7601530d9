<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>orrery::app::ExperimentData</name>
    <message>
        <source>%1: the project file no longer exists</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentReportExport</name>
    <message>
        <source>the file name must end in .html or .pdf</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentView</name>
    <message>
        <source>Loading experiment %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an experiment in the project explorer, or run one with “orrery experiment”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experiment %1 could not be read:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No completed runs to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading time series…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The time series could not be read:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (run %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The runs recorded no %1 series.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU allocated, first seed of each arm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated time (h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated time (min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>% of capacity</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::app::MainWindow</name>
    <message>
        <source>Orrery</source>
        <translation>Orrery</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Scenario — %1</source>
        <translation>场景 — %1</translation>
    </message>
    <message>
        <source>A run is in progress; cancel it before opening another project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project %1 could not be opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Orrery</source>
        <translation>%1 — Orrery</translation>
    </message>
    <message>
        <source>Opened project %1</source>
        <translation>已打开项目 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) left running by a process that ended were marked interrupted.</source>
        <translation>
            <numerusform>已将 %n 个由已结束进程遗留的运行标记为已中断。</numerusform>
        </translation>
    </message>
    <message>
        <source>The demo project is empty: running the demo scenario.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run is already in progress.</source>
        <translation>已有一个运行正在进行。</translation>
    </message>
    <message>
        <source>Open a project first.</source>
        <translation>请先打开一个项目。</translation>
    </message>
    <message>
        <source>Starting a run of “%1” (seed %2, horizon %3 h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be run:
%2</source>
        <translation>无法运行 %1：
%2</translation>
    </message>
    <message>
        <source>The scenario %1 has problems and cannot be run.</source>
        <translation>场景 %1 存在问题，无法运行。</translation>
    </message>
    <message>
        <source>The edited scenario</source>
        <translation>正在编辑的场景</translation>
    </message>
    <message>
        <source>%1 could not be opened: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 could not be opened.</source>
        <translation>无法打开 %1。</translation>
    </message>
    <message>
        <source>Opened the scenario %1</source>
        <translation>已打开场景 %1</translation>
    </message>
    <message>
        <source>The demo scenario cannot be run with the loaded plugins:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo scenario cannot be run with the loaded plugins.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling the run of “%1”…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run paused.</source>
        <translation>运行已暂停。</translation>
    </message>
    <message>
        <source>Run resumed.</source>
        <translation>运行已继续。</translation>
    </message>
    <message>
        <source>Run %1 of “%2” completed: %3 events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 of “%2” cancelled after %3 events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run of “%1” failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run of “%1” could not start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling the run in progress before closing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Project…</source>
        <translation>新建项目(&amp;N)…</translation>
    </message>
    <message>
        <source>Create an empty project file</source>
        <translation>创建一个空的项目文件</translation>
    </message>
    <message>
        <source>&amp;Open Project…</source>
        <translation>打开项目(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a project file</source>
        <translation>打开项目文件</translation>
    </message>
    <message>
        <source>Open &amp;Scenario…</source>
        <translation>打开场景(&amp;S)…</translation>
    </message>
    <message>
        <source>Open a scenario file in the scenario editor</source>
        <translation>在场景编辑器中打开场景文件</translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation>保存场景(&amp;S)</translation>
    </message>
    <message>
        <source>Save the scenario editor&apos;s text</source>
        <translation>保存场景编辑器中的文本</translation>
    </message>
    <message>
        <source>Run &amp;Scenario</source>
        <translation>运行场景(&amp;S)</translation>
    </message>
    <message>
        <source>Check the scenario in the editor and simulate it into the project</source>
        <translation>检查编辑器中的场景并将其模拟结果记录到项目中</translation>
    </message>
    <message>
        <source>&amp;Export Report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <source>Write the selected experiment&apos;s comparison as an HTML or PDF report</source>
        <translation>将所选实验的对比结果写成 HTML 或 PDF 报告</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run Scenario File…</source>
        <translation>运行场景文件(&amp;R)…</translation>
    </message>
    <message>
        <source>Check a scenario file and simulate it into the project</source>
        <translation>检查场景文件并将其模拟结果记录到项目中</translation>
    </message>
    <message>
        <source>Run &amp;Demo</source>
        <translation>运行演示(&amp;D)</translation>
    </message>
    <message>
        <source>Simulate the built-in demo scenario into the project</source>
        <translation>将内置演示场景模拟到项目中</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>Pause or resume the run in progress</source>
        <translation>暂停或继续当前运行</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>取消运行(&amp;C)</translation>
    </message>
    <message>
        <source>Stop the run in progress; what it recorded so far is kept</source>
        <translation>停止当前运行；已记录的内容将被保留</translation>
    </message>
    <message>
        <source>&amp;About Orrery</source>
        <translation>关于 Orrery(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>The language applies when Orrery is restarted.</source>
        <translation>语言将在重新启动 Orrery 后生效。</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Scenario files (*.yaml *.yml);;All files (*)</source>
        <translation>场景文件 (*.yaml *.yml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Scenario files (*.yaml *.yml)</source>
        <translation>场景文件 (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>The scenario could not be saved to %1.</source>
        <translation>无法将场景保存到 %1。</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>清除菜单(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <source>New Project</source>
        <translation>新建项目</translation>
    </message>
    <message>
        <source>Orrery projects (*.orrery)</source>
        <translation>Orrery 项目 (*.orrery)</translation>
    </message>
    <message>
        <source>%1 is the open project; choose another name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not be replaced.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <source>Orrery projects (*.orrery);;All files (*)</source>
        <translation>Orrery 项目 (*.orrery);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Run Scenario File</source>
        <translation>运行场景文件</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>HTML report (*.html);;PDF report (*.pdf)</source>
        <translation>HTML 报告 (*.html);;PDF 报告 (*.pdf)</translation>
    </message>
    <message>
        <source>Select an experiment to export its report.</source>
        <translation>请选择一个实验以导出其报告。</translation>
    </message>
    <message>
        <source>The report could not be written to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report could not be written to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote the report of “%1” to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>报告已写入 %1</translation>
    </message>
    <message>
        <source>About Orrery</source>
        <translation>关于 Orrery</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Orrery %1&lt;/h3&gt;&lt;p&gt;A cluster-operations console with a deterministic discrete-event simulator of heterogeneous clusters and scheduling policies loaded as plugins.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::app::MetricsTableModel</name>
    <message>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::app::RunData</name>
    <message>
        <source>%1: the project file no longer exists</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::app::RunListModel</name>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Runs (%1)</source>
        <translation>运行 (%1)</translation>
    </message>
    <message>
        <source>Experiments (%1)</source>
        <translation>实验 (%1)</translation>
    </message>
    <message>
        <source>Run %1 of “%2”, %3
started %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
ended %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not compared yet</source>
        <translation>尚未对比</translation>
    </message>
    <message>
        <source>compared</source>
        <translation>已对比</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 对比 %2</translation>
    </message>
    <message numerus="yes">
        <source>Experiment %1 “%2”, %n run(s), %3
scenario %4
created %5</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n 个运行</numerusform>
        </translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Policies</source>
        <translation>策略</translation>
    </message>
</context>
<context>
    <name>orrery::app::RunProgressPanel</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the run; what it recorded so far stays in the project (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulating “%1”: %2 of %3 h, %4 events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — cancelling…</source>
        <translation> — 正在取消…</translation>
    </message>
    <message>
        <source> — paused</source>
        <translation> — 已暂停</translation>
    </message>
</context>
<context>
    <name>orrery::app::RunView</name>
    <message>
        <source>CPU allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster allocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading run %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a run in the project explorer, or start one from the Run menu.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 could not be read:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project has no run %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · seed %2 · horizon %3 h · %4 · started %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated time (h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated time (min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>% of capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::app::ScenarioEditor</name>
    <message>
        <source>No scenario</source>
        <translation>无场景</translation>
    </message>
    <message>
        <source>No file name</source>
        <translation>没有文件名</translation>
    </message>
    <message>
        <source>Valid scenario</source>
        <translation>场景有效</translation>
    </message>
    <message>
        <source>1 problem</source>
        <translation>1 个问题</translation>
    </message>
    <message>
        <source>%1 problems</source>
        <translation>%1 个问题</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::CdfChart</name>
    <message>
        <source>fraction of runs ≤ x</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ClusterView</name>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ASIC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FPGA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU only</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n node(s), %2</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Pool: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU: %1 / %2 cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory: %1 / %2 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 / %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>100 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour by %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ComparisonTableModel</name>
    <message>
        <source>%1 [%2, %3]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is the baseline arm: the others are compared with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>median(%1) / median(%2) with its 95% bootstrap confidence interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean(%1) / mean(%2), for latency-like metrics only: above 1 means %2 is faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ratio of medians [95% CI]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ratio of medians to %1 [95% CI]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mann–Whitney p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ComparisonView</name>
    <message>
        <source>&amp;Metric:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sweep point:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time series</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experiment %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arms: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scenario %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sweep over %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation type="unfinished">
            <numerusform>%n 个运行</numerusform>
        </translation>
    </message>
    <message>
        <source>Scenario file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no sweep)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;%1:</source>
        <translation type="unfinished">&amp;%1:</translation>
    </message>
    <message>
        <source>The experiment has no sweep.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean %1 by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> at %1 = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distribution of %1 over runs%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per arm%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::widgets::LogView</name>
    <message>
        <source>warning: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: </source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
