<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QChartView</name>
    <message>
        <source>Export Chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>%1 could not be written.</source>
        <translation>无法写入 %1。</translation>
    </message>
</context>
<context>
    <name>orrery::app::EmbeddingTab</name>
    <message>
        <source>Open a project to see the embeddings of its meta learner.</source>
        <translation>打开一个项目以查看其元学习器的嵌入。</translation>
    </message>
    <message>
        <source>The embeddings could not be read: %1</source>
        <translation>无法读取嵌入：%1</translation>
    </message>
    <message>
        <source>This project holds no embeddings yet. Train agents on a few workloads (orrery train firm --scenario S on each), then run orrery meta-train --project P: each workload becomes a point here.</source>
        <translation>此项目尚无嵌入。先在几个工作负载上训练智能体（对每个运行 orrery train firm --scenario S），再运行 orrery meta-train --project P：每个工作负载在此成为一个点。</translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentCellModel</name>
    <message>
        <source>pending</source>
        <translation>待提交</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Engine state</source>
        <translation>引擎状态</translation>
    </message>
    <message>
        <source>Task or pod</source>
        <translation>任务或 Pod</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentData</name>
    <message>
        <source>%1: the project file no longer exists</source>
        <translation>%1：项目文件已不存在</translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentDialog</name>
    <message>
        <source>Run Experiment</source>
        <translation>运行实验</translation>
    </message>
    <message>
        <source>an experiment file (kind: Experiment)</source>
        <translation>实验文件（kind: Experiment）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Experiment File</source>
        <translation>实验文件</translation>
    </message>
    <message>
        <source>Experiment files (*.yaml *.yml);;All files (*)</source>
        <translation>实验文件 (*.yaml *.yml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Local (this machine&apos;s cores)</source>
        <translation>本地（本机的 CPU 核心）</translation>
    </message>
    <message>
        <source>Slurm (one job array)</source>
        <translation>Slurm（一个作业数组）</translation>
    </message>
    <message>
        <source>Kubernetes (one Indexed Job)</source>
        <translation>Kubernetes（一个 Indexed Job）</translation>
    </message>
    <message>
        <source>every core</source>
        <translation>所有核心</translation>
    </message>
    <message>
        <source>Worker threads:</source>
        <translation>工作线程：</translation>
    </message>
    <message>
        <source>the cluster&apos;s default</source>
        <translation>集群默认值</translation>
    </message>
    <message>
        <source>the partition&apos;s default (e.g. 30:00, 1-00:00:00)</source>
        <translation>分区默认值（例如 30:00、1-00:00:00）</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>无限制</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>PROJECT.shards beside the project</source>
        <translation>项目旁的 PROJECT.shards</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>this executable</source>
        <translation>本可执行文件</translation>
    </message>
    <message>
        <source>Partition:</source>
        <translation>分区：</translation>
    </message>
    <message>
        <source>Time limit per task:</source>
        <translation>每个任务的时间限制：</translation>
    </message>
    <message>
        <source>Tasks at once (array max):</source>
        <translation>同时运行的任务数（数组上限）：</translation>
    </message>
    <message>
        <source>Cells per task:</source>
        <translation>每个任务的单元数：</translation>
    </message>
    <message>
        <source>Shard directory:</source>
        <translation>分片目录：</translation>
    </message>
    <message>
        <source>Poll every:</source>
        <translation>轮询间隔：</translation>
    </message>
    <message>
        <source>Orrery on the nodes:</source>
        <translation>节点上的 Orrery：</translation>
    </message>
    <message>
        <source>the kubeconfig&apos;s current context</source>
        <translation>kubeconfig 的当前上下文</translation>
    </message>
    <message>
        <source>the context&apos;s namespace, else default</source>
        <translation>上下文的命名空间，否则为 default</translation>
    </message>
    <message>
        <source>required: an image with orrery on its PATH</source>
        <translation>必填：PATH 中含 orrery 的镜像</translation>
    </message>
    <message>
        <source>$KUBECONFIG or ~/.kube/config</source>
        <translation>$KUBECONFIG 或 ~/.kube/config</translation>
    </message>
    <message>
        <source>every cell at once</source>
        <translation>所有单元同时</translation>
    </message>
    <message>
        <source>none (e.g. 500m)</source>
        <translation>无（例如 500m）</translation>
    </message>
    <message>
        <source>none (e.g. 1Gi)</source>
        <translation>无（例如 1Gi）</translation>
    </message>
    <message>
        <source>Context:</source>
        <translation>上下文：</translation>
    </message>
    <message>
        <source>Namespace:</source>
        <translation>命名空间：</translation>
    </message>
    <message>
        <source>Image:</source>
        <translation>镜像：</translation>
    </message>
    <message>
        <source>Kubeconfig:</source>
        <translation>Kubeconfig：</translation>
    </message>
    <message>
        <source>Pods at once (parallelism):</source>
        <translation>同时运行的 Pod 数（parallelism）：</translation>
    </message>
    <message>
        <source>Backoff limit:</source>
        <translation>重试上限（backoffLimit）：</translation>
    </message>
    <message>
        <source>CPU request per pod:</source>
        <translation>每个 Pod 的 CPU 请求：</translation>
    </message>
    <message>
        <source>Memory request per pod:</source>
        <translation>每个 Pod 的内存请求：</translation>
    </message>
    <message>
        <source>Orrery in the image:</source>
        <translation>镜像中的 Orrery：</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Experiment:</source>
        <translation>实验：</translation>
    </message>
    <message>
        <source>Run on:</source>
        <translation>运行于：</translation>
    </message>
    <message>
        <source>Choose an experiment file.</source>
        <translation>请选择实验文件。</translation>
    </message>
    <message>
        <source>“%1”: %2 cells (%3 sweep points × %4 arms × %5 seeds × %6 repeats)</source>
        <translation>“%1”：%2 个单元（%3 个扫描点 × %4 个分组 × %5 个种子 × %6 次重复）</translation>
    </message>
    <message>
        <source>current context</source>
        <translation>当前上下文</translation>
    </message>
    <message>
        <source>“%1”: live on %2: %3 arms × %4 windows of %5 s (after a %6 s washout each)</source>
        <translation>“%1”：在 %2 上实时运行：%3 个臂 × %4 个 %5 秒的窗口（每个窗口前有 %6 秒冲洗期）</translation>
    </message>
    <message>
        <source>Let the arms change replicas and limits in %1 (each action previewed with a dry run, rate-limited and audited; the original state is restored at the end)</source>
        <translation>允许各臂修改 %1 中的副本数和限制（每个操作先试运行、限速并审计；结束时恢复原始状态）</translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentJob</name>
    <message>
        <source>cell %1</source>
        <translation>单元 %1</translation>
    </message>
    <message>
        <source>Local</source>
        <translation>本地</translation>
    </message>
    <message>
        <source>Experiment “%1”: %2 of %3 runs, %4 running</source>
        <translation>实验“%1”：%3 次运行中已完成 %2 次，%4 次运行中</translation>
    </message>
    <message>
        <source>, %1 failed</source>
        <translation>，%1 个失败</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) in flight kept as cancelled; run the experiment again to resume</source>
        <translation>
            <numerusform>%n 个进行中的运行已保留为已取消；再次运行实验即可继续</numerusform>
        </translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>Metric “%1” was recorded by no run; its table shows n/a.
</source>
        <translation>没有任何运行记录指标“%1”；其表格显示 n/a。
</translation>
    </message>
    <message>
        <source>Experiment “%1” on %2: %3 of %4 cells merged, %5 running, %6 waiting</source>
        <translation>实验“%1”（%2）：%4 个单元中已合并 %3 个，%5 个运行中，%6 个等待中</translation>
    </message>
    <message>
        <source>slurm job %1 cancelled (scancel)</source>
        <translation>Slurm 作业 %1 已取消（scancel）</translation>
    </message>
    <message>
        <source>slurm task %1</source>
        <translation>Slurm 任务 %1</translation>
    </message>
    <message>
        <source>States in %1; run the experiment again to resubmit them.</source>
        <translation>状态见 %1；再次运行实验即可重新提交它们。</translation>
    </message>
    <message>
        <source>The experiment uses trained models from the project; the Kubernetes backend does not ship models to the pods yet: run it locally or on Slurm.</source>
        <translation>该实验使用项目中已训练的模型；Kubernetes 后端尚不能将模型传给 Pod：请在本地或 Slurm 上运行。</translation>
    </message>
    <message>
        <source>kubernetes job %1 deleted</source>
        <translation>已删除 Kubernetes 作业 %1</translation>
    </message>
    <message>
        <source>pod %1</source>
        <translation>Pod %1</translation>
    </message>
    <message>
        <source>current context</source>
        <translation>当前上下文</translation>
    </message>
    <message>
        <source>Live experiment “%1”: window %2 of %3 (%4), %5</source>
        <translation>实时实验“%1”：第 %2 个窗口，共 %3 个（%4），%5</translation>
    </message>
    <message>
        <source>The original state was restored (%1 patches, %2 s)</source>
        <translation>已恢复原始状态（%1 个补丁，%2 秒）</translation>
    </message>
    <message>
        <source>The original state was not fully restored: orrery live restore --project %1</source>
        <translation>未能完全恢复原始状态：orrery live restore --project %1</translation>
    </message>
    <message>
        <source>Metric “%1” had no value in any window; its table shows n/a.
</source>
        <translation>指标“%1”在任何窗口中都没有值；其表格显示 n/a。
</translation>
    </message>
    <message>
        <source>; run the experiment again to resume</source>
        <translation>；再次运行实验以继续</translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentReportExport</name>
    <message>
        <source>the file name must end in .html or .pdf</source>
        <translation>文件名必须以 .html 或 .pdf 结尾</translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentView</name>
    <message>
        <source>Loading experiment %1…</source>
        <translation>正在加载实验 %1…</translation>
    </message>
    <message>
        <source>Select an experiment in the project explorer, or run one with “orrery experiment”.</source>
        <translation>请在项目浏览器中选择一个实验，或用“orrery experiment”运行一个实验。</translation>
    </message>
    <message>
        <source>Experiment %1 could not be read:
%2</source>
        <translation>无法读取实验 %1：
%2</translation>
    </message>
    <message>
        <source>No completed runs to show.</source>
        <translation>没有可显示的已完成运行。</translation>
    </message>
    <message>
        <source>Loading time series…</source>
        <translation>正在加载时间序列…</translation>
    </message>
    <message>
        <source>The time series could not be read:
%1</source>
        <translation>无法读取时间序列：
%1</translation>
    </message>
    <message>
        <source>%1 (run %2)</source>
        <translation>%1（运行 %2）</translation>
    </message>
    <message>
        <source>The runs recorded no %1 series.</source>
        <translation>这些运行没有记录 %1 序列。</translation>
    </message>
    <message>
        <source>CPU allocated, first seed of each arm</source>
        <translation>已分配 CPU（每个分组的第一个种子）</translation>
    </message>
    <message>
        <source>simulated time (h)</source>
        <translation>模拟时间（小时）</translation>
    </message>
    <message>
        <source>simulated time (min)</source>
        <translation>模拟时间（分钟）</translation>
    </message>
    <message>
        <source>% of capacity</source>
        <translation>占容量的 %</translation>
    </message>
    <message>
        <source>Trade-off per run: %1 against %2</source>
        <translation>每个运行的权衡：%1 对比 %2</translation>
    </message>
</context>
<context>
    <name>orrery::app::FlowConRunData</name>
    <message>
        <source>%1: the project file no longer exists</source>
        <translation>%1：项目文件已不存在</translation>
    </message>
</context>
<context>
    <name>orrery::app::FlowConView</name>
    <message>
        <source>NL: new, growing fast</source>
        <translation>NL：新加入，增长迅速</translation>
    </message>
    <message>
        <source>WL: watching, near convergence</source>
        <translation>WL：观察中，接近收敛</translation>
    </message>
    <message>
        <source>CL: completing, growing slowly</source>
        <translation>CL：即将完成，增长缓慢</translation>
    </message>
    <message>
        <source>flagged: reports no evaluation value</source>
        <translation>已标记（flagged）：未报告评估值</translation>
    </message>
    <message>
        <source>Select a run of a training-jobs scenario (kind: training-jobs) to see its workers&apos; CPU limits and evaluation curves.</source>
        <translation>请选择一个训练作业场景（kind: training-jobs）的运行，以查看其工作节点的 CPU 限制和评估曲线。</translation>
    </message>
    <message>
        <source>Run %1 could not be read: %2</source>
        <translation>无法读取运行 %1：%2</translation>
    </message>
    <message>
        <source>Run %1 recorded no training jobs (kind: training-jobs with evaluation series).</source>
        <translation>运行 %1 未记录任何训练作业（带评估序列的 kind: training-jobs）。</translation>
    </message>
    <message>
        <source>Run %1 is not in the project.</source>
        <translation>运行 %1 不在项目中。</translation>
    </message>
    <message numerus="yes">
        <source>Run %1: %n training job(s)</source>
        <translation>
            <numerusform>运行 %1：%n 个训练作业</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n worker(s)</source>
        <translation>
            <numerusform>%n 个工作节点</numerusform>
        </translation>
    </message>
    <message>
        <source>Colours are per job: this run records no class per container (the policy reports none), so classes are not shown. Where a container has no CPU limit, its band shows the cores it used.</source>
        <translation>颜色按作业区分：此运行未记录每个容器的类别（策略未报告类别），因此不显示类别。容器没有 CPU 限制时，其条带显示它使用的核数。</translation>
    </message>
    <message>
        <source>Runs record each container&apos;s class when the control policy reports one (FlowCon&apos;s NL/WL/CL lists); docker-swarm and static-limits have no classes.</source>
        <translation>当控制策略报告类别时（FlowCon 的 NL/WL/CL 列表），运行会记录每个容器的类别；docker-swarm 和 static-limits 没有类别。</translation>
    </message>
    <message>
        <source>Band colour: the policy&apos;s class of the container at that time — %1. Grey: no class recorded yet. Where a container has no CPU limit, its band shows the cores it used.</source>
        <translation>条带颜色：策略在该时刻为容器划分的类别 — %1。灰色：尚未记录类别。容器没有 CPU 限制时，其条带显示它使用的核数。</translation>
    </message>
    <message>
        <source>Recorded by the run as policy.label annotations: the class FlowCon held each container in (Alg. 1&apos;s lists, seed 004 §5.2). Hover a band for the job and class.</source>
        <translation>由运行记录为 policy.label 注解：FlowCon 为每个容器划分的类别（Alg. 1 的列表，seed 004 §5.2）。将鼠标悬停在条带上可查看作业和类别。</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2 workers.</source>
        <translation>显示 %2 个工作节点中的前 %1 个。</translation>
    </message>
    <message>
        <source>Worker not recorded (jobs unfinished at the horizon)</source>
        <translation>未记录工作节点（作业在模拟时长结束时未完成）</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n container(s)</source>
        <translation>
            <numerusform>%1 — %n 个容器</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU limit per container, stacked (no limit set: cores used)</source>
        <translation>每个容器的 CPU 限制，堆叠显示（未设限制时：已用核数）</translation>
    </message>
    <message>
        <source>Simulated time (s)</source>
        <translation>模拟时间（s）</translation>
    </message>
    <message>
        <source>Cores</source>
        <translation>核数</translation>
    </message>
    <message>
        <source>Training progress (evaluation value, 0 = first, 1 = last)</source>
        <translation>训练进度（评估值，0 = 首个，1 = 最后一个）</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>%1: CPU limit; where none was set, the cores the job used</source>
        <translation>%1：CPU 限制；未设置时为该作业使用的核数</translation>
    </message>
    <message>
        <source>%1: CPU limit</source>
        <translation>%1：CPU 限制</translation>
    </message>
    <message>
        <source>%1, from %2 s to %3 s</source>
        <translation>%1，从 %2 s 到 %3 s</translation>
    </message>
    <message>
        <source>no class recorded</source>
        <translation>未记录类别</translation>
    </message>
    <message>
        <source>(colour per job)</source>
        <translation>（按作业着色）</translation>
    </message>
</context>
<context>
    <name>orrery::app::LiveDock</name>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Show in Cluster view</source>
        <translation>在集群视图中显示</translation>
    </message>
    <message>
        <source>Context:</source>
        <translation>上下文：</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>未连接。</translation>
    </message>
    <message>
        <source>all namespaces</source>
        <translation>所有命名空间</translation>
    </message>
    <message>
        <source>Namespace:</source>
        <translation>命名空间：</translation>
    </message>
    <message>
        <source>Load more</source>
        <translation>加载更多</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Prometheus</source>
        <translation>Prometheus</translation>
    </message>
    <message>
        <source>The kubeconfig defines no contexts.</source>
        <translation>kubeconfig 未定义任何上下文。</translation>
    </message>
    <message>
        <source>Not connected. Choose a context and press Connect.</source>
        <translation>未连接。请选择上下文并点击“连接”。</translation>
    </message>
    <message>
        <source>No context selected.</source>
        <translation>未选择上下文。</translation>
    </message>
    <message>
        <source>Warning: context &quot;%1&quot; sets insecure-skip-tls-verify; the server&apos;s identity is not checked.</source>
        <translation>警告：上下文“%1”设置了 insecure-skip-tls-verify；不会校验服务器身份。</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>%1 — Kubernetes %2</source>
        <translation>%1 — Kubernetes %2</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Simulate this cluster…</source>
        <translation>模拟此集群…</translation>
    </message>
    <message>
        <source>Capture the cluster (the namespace below, or all) as a scenario, open it in the scenario editor and simulate it</source>
        <translation>将集群（下方的命名空间或全部）捕获为场景，在场景编辑器中打开并模拟</translation>
    </message>
    <message>
        <source>Capturing a snapshot of %1 (all namespaces)…</source>
        <translation>正在捕获 %1 的快照（所有命名空间）…</translation>
    </message>
    <message>
        <source>Capturing a snapshot of %1 (namespace %2)…</source>
        <translation>正在捕获 %1 的快照（命名空间 %2）…</translation>
    </message>
    <message>
        <source>Snapshot of %1: %2 nodes and %3 pods, written as %4.</source>
        <translation>%1 的快照：%2 个节点和 %3 个 Pod，已写为 %4。</translation>
    </message>
</context>
<context>
    <name>orrery::app::LiveNodeModel</name>
    <message>
        <source>cordoned</source>
        <translation>已封锁</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>not ready</source>
        <translation>未就绪</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Instance type</source>
        <translation>实例类型</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>可用区</translation>
    </message>
    <message>
        <source>Kubelet</source>
        <translation>Kubelet</translation>
    </message>
</context>
<context>
    <name>orrery::app::LivePodModel</name>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation>重启次数</translation>
    </message>
    <message>
        <source>CPU request</source>
        <translation>CPU 请求</translation>
    </message>
    <message>
        <source>Memory request</source>
        <translation>内存请求</translation>
    </message>
</context>
<context>
    <name>orrery::app::LiveQueryPanel</name>
    <message>
        <source>15 minutes</source>
        <translation>15 分钟</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 小时</translation>
    </message>
    <message>
        <source>6 hours</source>
        <translation>6 小时</translation>
    </message>
    <message>
        <source>24 hours</source>
        <translation>24 小时</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>minutes before now</source>
        <translation>距今分钟数</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Prometheus:</source>
        <translation>Prometheus：</translation>
    </message>
    <message>
        <source>PromQL:</source>
        <translation>PromQL：</translation>
    </message>
    <message>
        <source>Querying %1…</source>
        <translation>正在查询 %1…</translation>
    </message>
    <message>
        <source>1 series</source>
        <translation>1 条序列</translation>
    </message>
    <message>
        <source>%1 series</source>
        <translation>%1 条序列</translation>
    </message>
    <message>
        <source>5 minutes</source>
        <translation>5 分钟</translation>
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
        <translation>有一个运行正在进行；请先取消它再打开其他项目。</translation>
    </message>
    <message>
        <source>The project %1 could not be opened.</source>
        <translation>无法打开项目 %1。</translation>
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
        <translation>演示项目为空：正在运行演示场景。</translation>
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
        <translation>开始运行“%1”（种子 %2，时长 %3 小时）</translation>
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
        <translation>无法使用已加载的插件运行演示场景：
%1</translation>
    </message>
    <message>
        <source>The demo scenario cannot be run with the loaded plugins.</source>
        <translation>无法使用已加载的插件运行演示场景。</translation>
    </message>
    <message>
        <source>Cancelling the run of “%1”…</source>
        <translation>正在取消“%1”的运行…</translation>
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
        <translation>“%2”的运行 %1 已完成：%3 个事件。</translation>
    </message>
    <message>
        <source>Run %1 of “%2” cancelled after %3 events.</source>
        <translation>“%2”的运行 %1 在 %3 个事件后被取消。</translation>
    </message>
    <message>
        <source>The run of “%1” failed: %2</source>
        <translation>“%1”的运行失败：%2</translation>
    </message>
    <message>
        <source>The run of “%1” could not start.</source>
        <translation>“%1”的运行无法启动。</translation>
    </message>
    <message>
        <source>Cancelling the run in progress before closing.</source>
        <translation>关闭前正在取消进行中的运行。</translation>
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
        <translation>%1 是当前打开的项目；请选择其他名称。</translation>
    </message>
    <message>
        <source>%1 could not be replaced.</source>
        <translation>无法替换 %1。</translation>
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
        <translation>无法将报告写入 %1：%2</translation>
    </message>
    <message>
        <source>The report could not be written to %1.</source>
        <translation>无法将报告写入 %1。</translation>
    </message>
    <message>
        <source>Wrote the report of “%1” to %2</source>
        <translation>已将“%1”的报告写入 %2</translation>
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
        <translation>&lt;h3&gt;Orrery %1&lt;/h3&gt;&lt;p&gt;集群运维控制台，内置异构集群的确定性离散事件模拟器，调度策略以插件形式加载。&lt;/p&gt;&lt;p&gt;基于 Qt %2 构建。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Service Graph</source>
        <translation>服务图</translation>
    </message>
    <message>
        <source>Traces</source>
        <translation>Trace</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation>概览(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Cluster</source>
        <translation>集群(&amp;C)</translation>
    </message>
    <message>
        <source>Service &amp;Graph</source>
        <translation>服务图(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Traces</source>
        <translation>Trace(&amp;T)</translation>
    </message>
    <message>
        <source>Open &amp;Trace…</source>
        <translation>打开 Trace(&amp;T)…</translation>
    </message>
    <message>
        <source>Read a trace file (Jaeger, OTLP or Zipkin v2 JSON) into the trace view</source>
        <translation>将 Trace 文件（Jaeger、OTLP 或 Zipkin v2 JSON）读入 Trace 视图</translation>
    </message>
    <message numerus="yes">
        <source>Read %n trace(s) from %1</source>
        <translation>
            <numerusform>已从 %1 读取 %n 个 Trace</numerusform>
        </translation>
    </message>
    <message>
        <source>Traces loaded</source>
        <translation>Trace 已加载</translation>
    </message>
    <message>
        <source>The trace file could not be read: %1</source>
        <translation>无法读取 Trace 文件：%1</translation>
    </message>
    <message>
        <source>The trace file could not be read.</source>
        <translation>无法读取 Trace 文件。</translation>
    </message>
    <message>
        <source>The service graph could not be laid out: %1</source>
        <translation>无法布局服务图：%1</translation>
    </message>
    <message>
        <source>Open Trace</source>
        <translation>打开 Trace</translation>
    </message>
    <message>
        <source>Traces (Jaeger, OTLP or Zipkin JSON) (*.json);;All files (*)</source>
        <translation>Trace（Jaeger、OTLP 或 Zipkin JSON） (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Reading traces from %1…</source>
        <translation>正在从 %1 读取 Trace…</translation>
    </message>
    <message>
        <source>The scenario of run %1 could not be read for the cluster view: %2</source>
        <translation>无法为集群视图读取运行 %1 的场景：%2</translation>
    </message>
    <message>
        <source>Run %1 (%2 of %3 traces)</source>
        <translation>运行 %1（%3 个 Trace 中的 %2 个）</translation>
    </message>
    <message>
        <source>Live Cluster</source>
        <translation>实时集群</translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <translation>单步(&amp;T)</translation>
    </message>
    <message>
        <source>Pause the run and let the next %1 events run</source>
        <translation>暂停运行并执行接下来的 %1 个事件</translation>
    </message>
    <message>
        <source>S&amp;peed</source>
        <translation>速度(&amp;P)</translation>
    </message>
    <message>
        <source>The Cluster view shows %1 live nodes.</source>
        <translation>集群视图显示 %1 个实时节点。</translation>
    </message>
    <message>
        <source>A training is in progress; cancel it before opening another project.</source>
        <translation>训练正在进行；请先取消它再打开其他项目。</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Train a learning control plugin (firm) in a scenario&apos;s simulation, storing checkpoints and the model in the project</source>
        <translation>在场景的仿真中训练可学习的控制插件（firm），并将检查点和模型保存到项目中</translation>
    </message>
    <message>
        <source>A training is already in progress.</source>
        <translation>已有训练正在进行。</translation>
    </message>
    <message>
        <source>%1 is not a trainable control plugin.</source>
        <translation>%1 不是可训练的控制插件。</translation>
    </message>
    <message>
        <source>%1 cannot be trained on:
%2</source>
        <translation>无法在 %1 上训练：
%2</translation>
    </message>
    <message>
        <source>The scenario %1 has problems and cannot be trained on.</source>
        <translation>场景 %1 存在问题，无法用于训练。</translation>
    </message>
    <message>
        <source>Training %1 on %2 (%3 episodes).</source>
        <translation>在 %2 上训练 %1（%3 个回合）。</translation>
    </message>
    <message>
        <source>Tr&amp;ain Control Policy…</source>
        <translation>训练控制策略(&amp;A)…</translation>
    </message>
    <message>
        <source>Opened the live cluster&apos;s snapshot as %1</source>
        <translation>已将实时集群的快照打开为 %1</translation>
    </message>
    <message>
        <source>FlowCon</source>
        <translation>FlowCon</translation>
    </message>
    <message>
        <source>&amp;FlowCon</source>
        <translation>FlowCon(&amp;F)</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>&amp;Power</source>
        <translation>功耗(&amp;P)</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>规划</translation>
    </message>
    <message>
        <source>P&amp;lan</source>
        <translation>规划(&amp;L)</translation>
    </message>
    <message>
        <source>An experiment is in progress; cancel it before opening another project.</source>
        <translation>实验正在进行；请先取消它再打开其他项目。</translation>
    </message>
    <message>
        <source>Cancelling the experiment “%1”…</source>
        <translation>正在取消实验“%1”…</translation>
    </message>
    <message>
        <source>Run E&amp;xperiment…</source>
        <translation>运行实验(&amp;X)…</translation>
    </message>
    <message>
        <source>Run an experiment&apos;s arms and seeds into the project, on this machine, on Slurm or on Kubernetes, and compare the arms</source>
        <translation>在本机、Slurm 或 Kubernetes 上将实验的各分组与种子运行到项目中，并比较各分组</translation>
    </message>
    <message>
        <source>The experiment %1 has problems and cannot be run.</source>
        <translation>实验 %1 有问题，无法运行。</translation>
    </message>
    <message>
        <source>Running the experiment “%1” (%2) into the project.</source>
        <translation>正在将实验“%1”（%2）运行到项目中。</translation>
    </message>
    <message>
        <source>Cells of “%1” on %2: submitting…</source>
        <translation>“%1”在 %2 上的单元：正在提交…</translation>
    </message>
    <message>
        <source>Experiment “%1” on %2: starting…</source>
        <translation>实验“%1”（%2）：正在启动…</translation>
    </message>
    <message>
        <source>Cells of “%1” (%2): %3 done, %4 running, %5 queued, %6 failed</source>
        <translation>“%1”的单元（%2）：%3 个完成，%4 个运行中，%5 个排队中，%6 个失败</translation>
    </message>
    <message numerus="yes">
        <source>; %n cell(s) were complete before</source>
        <translation>
            <numerusform>；之前已有 %n 个单元完成</numerusform>
        </translation>
    </message>
    <message>
        <source>Experiment “%1” completed: %2 of %3 cells; the comparison is stored.</source>
        <translation>实验“%1”已完成：%3 个单元中 %2 个；比较结果已保存。</translation>
    </message>
    <message>
        <source>Experiment “%1” cancelled: %2 of %3 cells complete (%4); run it again to resume.</source>
        <translation>实验“%1”已取消：%3 个单元中 %2 个已完成（%4）；再次运行即可继续。</translation>
    </message>
    <message>
        <source>Experiment “%1” failed: %2 of %3 cells complete; no comparison stored:
%4</source>
        <translation>实验“%1”失败：%3 个单元中 %2 个已完成；未保存比较结果：
%4</translation>
    </message>
    <message>
        <source>The experiment “%1” failed.</source>
        <translation>实验“%1”失败。</translation>
    </message>
    <message>
        <source>live on %1</source>
        <translation>在 %1 上实时运行</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>&amp;Embeddings</source>
        <translation>嵌入(&amp;E)</translation>
    </message>
</context>
<context>
    <name>orrery::app::MetricsTableModel</name>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
</context>
<context>
    <name>orrery::app::ProjectCatalogModel</name>
    <message>
        <source>Model %1 of plugin “%2”</source>
        <translation>插件“%2”的模型 %1</translation>
    </message>
    <message>
        <source>Created: %1</source>
        <translation>创建时间：%1</translation>
    </message>
    <message>
        <source>Trained on: scenario “%1”, seed %2</source>
        <translation>训练数据：场景“%1”，种子 %2</translation>
    </message>
    <message>
        <source>Samples: %1</source>
        <translation>样本数：%1</translation>
    </message>
    <message>
        <source>Size: %1</source>
        <translation>大小：%1</translation>
    </message>
    <message>
        <source>Scenarios (%1)</source>
        <translation>场景 (%1)</translation>
    </message>
    <message>
        <source>Trained models (%1)</source>
        <translation>已训练模型 (%1)</translation>
    </message>
    <message>
        <source>1 run</source>
        <translation>1 次运行</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 次运行</translation>
    </message>
    <message>
        <source>last: %1</source>
        <translation>最近：%1</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>seed %1</source>
        <translation>种子 %1</translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation>%1 #%2</translation>
    </message>
    <message>
        <source>1 sample</source>
        <translation>1 个样本</translation>
    </message>
    <message>
        <source>%1 samples</source>
        <translation>%1 个样本</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>规模</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>orrery::app::RunData</name>
    <message>
        <source>%1: the project file no longer exists</source>
        <translation>%1：项目文件已不存在</translation>
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
        <translation>“%2”的运行 %1，%3
开始于 %4</translation>
    </message>
    <message>
        <source>
ended %1</source>
        <translation>
结束于 %1</translation>
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
        <translation>
            <numerusform>实验 %1“%2”，%n 次运行，%3
场景 %4
创建于 %5</numerusform>
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
        <translation>停止运行；已记录的内容保留在项目中（Esc）</translation>
    </message>
    <message>
        <source>Simulating “%1”: %2 of %3 h, %4 events</source>
        <translation>正在模拟“%1”：%2 / %3 小时，%4 个事件</translation>
    </message>
    <message>
        <source> — cancelling…</source>
        <translation> — 正在取消…</translation>
    </message>
    <message>
        <source> — paused</source>
        <translation> — 已暂停</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Pause and run the next %1 events (F7)</source>
        <translation>暂停并执行接下来的 %1 个事件 (F7)</translation>
    </message>
    <message>
        <source>Simulated time per wall-clock time</source>
        <translation>每单位真实时间的模拟时间</translation>
    </message>
    <message>
        <source>As fast as possible</source>
        <translation>尽可能快</translation>
    </message>
    <message>
        <source>%1× real time</source>
        <translation>%1× 真实时间</translation>
    </message>
</context>
<context>
    <name>orrery::app::RunView</name>
    <message>
        <source>CPU allocated</source>
        <translation>已分配 CPU</translation>
    </message>
    <message>
        <source>Memory allocated</source>
        <translation>已分配内存</translation>
    </message>
    <message>
        <source>GPUs allocated</source>
        <translation>已分配 GPU</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Cluster allocation</source>
        <translation>集群分配</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <source>Loading run %1…</source>
        <translation>正在加载运行 %1…</translation>
    </message>
    <message>
        <source>Select a run in the project explorer, or start one from the Run menu.</source>
        <translation>请在项目浏览器中选择一个运行，或从“运行”菜单启动一个运行。</translation>
    </message>
    <message>
        <source>Run %1 could not be read:
%2</source>
        <translation>无法读取运行 %1：
%2</translation>
    </message>
    <message>
        <source>The project has no run %1.</source>
        <translation>项目中没有运行 %1。</translation>
    </message>
    <message>
        <source>Run %1 — %2</source>
        <translation>运行 %1 — %2</translation>
    </message>
    <message>
        <source>%1 · seed %2 · horizon %3 h · %4 · started %5</source>
        <translation>%1 · 种子 %2 · 时长 %3 小时 · %4 · 开始于 %5</translation>
    </message>
    <message>
        <source>simulated time (h)</source>
        <translation>模拟时间（小时）</translation>
    </message>
    <message>
        <source>simulated time (min)</source>
        <translation>模拟时间（分钟）</translation>
    </message>
    <message>
        <source>% of capacity</source>
        <translation>占容量的 %</translation>
    </message>
    <message>
        <source>count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Recorded by the run as policy.label annotations: the class the control policy reported for each target over time (e.g. AWARE&apos;s lifecycle stage: offline, online, serving). Hover a band for its class and stretch.</source>
        <translation>由运行记录为 policy.label 注解：控制策略随时间为每个目标报告的类别（例如 AWARE 的生命周期阶段：offline、online、serving）。将鼠标悬停在条带上可查看其类别和时间段。</translation>
    </message>
    <message>
        <source>Shaded: the control policy&apos;s class of %1 over time.</source>
        <translation>阴影区域：控制策略随时间为 %1 划分的类别。</translation>
    </message>
    <message numerus="yes">
        <source>Shaded: the control policy&apos;s class of its %n targets over time; all held the same classes at the same times.</source>
        <translation>
            <numerusform>阴影区域：控制策略随时间为其 %n 个目标划分的类别；所有目标在相同时间属于相同类别。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Shaded: the control policy&apos;s class of %1 over time, the first in name order of %n labelled targets; the others are not shown.</source>
        <translation>
            <numerusform>阴影区域：控制策略随时间为 %1 划分的类别（%n 个已分类目标中按名称排序的第一个）；其余目标未显示。</numerusform>
        </translation>
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
    <name>orrery::app::ScenarioViewsData</name>
    <message>
        <source>Run %1 has no scenario.</source>
        <translation>运行 %1 没有场景。</translation>
    </message>
</context>
<context>
    <name>orrery::app::ServingPowerView</name>
    <message>
        <source>The model whose latency and power curves are drawn</source>
        <translation>绘制其延迟和功耗曲线的模型</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Latency against SM clock (calibrated model)</source>
        <translation>延迟与 SM 时钟频率的关系（校准后的模型）</translation>
    </message>
    <message>
        <source>SM clock (MHz)</source>
        <translation>SM 时钟频率（MHz）</translation>
    </message>
    <message>
        <source>Latency (s)</source>
        <translation>延迟（秒）</translation>
    </message>
    <message>
        <source>Device power against SM clock</source>
        <translation>设备功耗与 SM 时钟频率的关系</translation>
    </message>
    <message>
        <source>Power (W)</source>
        <translation>功耗（W）</translation>
    </message>
    <message>
        <source>Power per device over the run</source>
        <translation>运行期间各设备的功耗</translation>
    </message>
    <message>
        <source>Simulated time (s)</source>
        <translation>模拟时间（秒）</translation>
    </message>
    <message>
        <source>p99 latency / SLO per device (above 1: SLO missed)</source>
        <translation>各设备的 p99 延迟 / SLO（大于 1：未达到 SLO）</translation>
    </message>
    <message>
        <source>p99 / SLO</source>
        <translation>p99 / SLO</translation>
    </message>
    <message>
        <source>Select a run of a model-serving scenario (kind: model-serving) to see its power and latency curves.</source>
        <translation>请选择一个模型服务场景（kind: model-serving）的运行，以查看其功耗和延迟曲线。</translation>
    </message>
    <message>
        <source>Run %1 could not be read: %2</source>
        <translation>无法读取运行 %1：%2</translation>
    </message>
    <message>
        <source>Run %1 serves no models (kind: model-serving).</source>
        <translation>运行 %1 未提供任何模型服务（kind: model-serving）。</translation>
    </message>
    <message>
        <source>Run %1 is not in the project.</source>
        <translation>运行 %1 不在项目中。</translation>
    </message>
    <message numerus="yes">
        <source>Run %1: %n model(s)</source>
        <translation>
            <numerusform>运行 %1：%n 个模型</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n %1 device(s)</source>
        <translation>
            <numerusform>%n 个 %1 设备</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2 output tokens</source>
        <translation>%1，%2 个输出 token</translation>
    </message>
    <message>
        <source>SLO (%1 × latency at %2 MHz)</source>
        <translation>SLO（%1 × %2 MHz 时的延迟）</translation>
    </message>
    <message>
        <source>serving</source>
        <translation>服务中</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>clock held (%1 MHz, %2)</source>
        <translation>保持的时钟频率（%1 MHz，%2）</translation>
    </message>
    <message>
        <source>Fleet</source>
        <translation>机群</translation>
    </message>
    <message>
        <source>Cost by GPU type (cumulative)</source>
        <translation>按 GPU 类型的成本（累计）</translation>
    </message>
    <message>
        <source>Cost (USD)</source>
        <translation>成本（USD）</translation>
    </message>
    <message>
        <source>SLO violations per control period</source>
        <translation>每个控制周期的 SLO 违约</translation>
    </message>
    <message>
        <source>Share of requests missing the SLO</source>
        <translation>未满足 SLO 的请求比例</translation>
    </message>
    <message>
        <source>Replicas per GPU (hover: which models)</source>
        <translation>每个 GPU 的副本（悬停：哪些模型）</translation>
    </message>
    <message>
        <source>%1: %2 USD by the end of the run</source>
        <translation>%1：到运行结束共 %2 USD</translation>
    </message>
    <message>
        <source>SLO violations</source>
        <translation>SLO 违约</translation>
    </message>
</context>
<context>
    <name>orrery::app::ServingRunData</name>
    <message>
        <source>%1: the project file no longer exists</source>
        <translation>%1：项目文件已不存在</translation>
    </message>
</context>
<context>
    <name>orrery::app::StrlPlanCanvas</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Nodes: %1</source>
        <translation>节点：%1</translation>
    </message>
    <message>
        <source>Start %1, end %2 (%3)</source>
        <translation>开始 %1，结束 %2（%3）</translation>
    </message>
    <message>
        <source>Planned in cycle %1 (at %2) for the future; re-planned every cycle</source>
        <translation>在周期 %1（%2 时）为未来规划；每个周期都会重新规划</translation>
    </message>
    <message>
        <source>Slowdown ×%1: not on its preferred placement</source>
        <translation>减速 ×%1：不在其首选放置上</translation>
    </message>
    <message>
        <source>Slowdown ×1: on its preferred placement</source>
        <translation>减速 ×1：在其首选放置上</translation>
    </message>
    <message>
        <source>Submitted at %1</source>
        <translation>提交于 %1</translation>
    </message>
    <message>
        <source>Click for its STRL expression</source>
        <translation>点击查看其 STRL 表达式</translation>
    </message>
    <message>
        <source>no rack</source>
        <translation>无机架</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Rack / node</source>
        <translation>机架 / 节点</translation>
    </message>
</context>
<context>
    <name>orrery::app::StrlPlanView</name>
    <message>
        <source>gpu: faster with a GPU on every node</source>
        <translation>gpu：每个节点都有 GPU 时更快</translation>
    </message>
    <message>
        <source>mpi: faster within one rack</source>
        <translation>mpi：在同一机架内更快</translation>
    </message>
    <message>
        <source>availability: one node on each of k racks</source>
        <translation>availability：在 k 个机架上各一个节点</translation>
    </message>
    <message>
        <source>slo: worth its value only by its deadline</source>
        <translation>slo：仅在截止时间前完成才有其价值</translation>
    </message>
    <message>
        <source>best-effort: worth less the later it ends</source>
        <translation>best-effort：结束越晚，价值越低</translation>
    </message>
    <message>
        <source>Cycle:</source>
        <translation>周期：</translation>
    </message>
    <message>
        <source>The scheduling cycle whose plan for the future is drawn as hatched blocks</source>
        <translation>其未来规划以斜线填充块绘制的调度周期</translation>
    </message>
    <message>
        <source>−</source>
        <translation>−</translation>
    </message>
    <message>
        <source>Zoom out on the time axis (−; Ctrl+wheel)</source>
        <translation>缩小时间轴（−；Ctrl+滚轮）</translation>
    </message>
    <message>
        <source>+</source>
        <translation>+</translation>
    </message>
    <message>
        <source>Zoom in on the time axis (+; Ctrl+wheel)</source>
        <translation>放大时间轴（+；Ctrl+滚轮）</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>The whole run across the width (0)</source>
        <translation>整个运行铺满宽度（0）</translation>
    </message>
    <message>
        <source>STRL expression of the selected job</source>
        <translation>所选作业的 STRL 表达式</translation>
    </message>
    <message>
        <source>Generated at:</source>
        <translation>生成于：</translation>
    </message>
    <message>
        <source>its first cycle after submission</source>
        <translation>提交后的第一个周期</translation>
    </message>
    <message>
        <source>the cycle it started</source>
        <translation>其开始运行的周期</translation>
    </message>
    <message>
        <source>Each cycle regenerates a pending job&apos;s expression over the window starting then</source>
        <translation>每个周期都会在从该时刻开始的窗口上重新生成待处理作业的表达式</translation>
    </message>
    <message>
        <source>Expression</source>
        <translation>表达式</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>集合</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>Start (s)</source>
        <translation>开始（秒）</translation>
    </message>
    <message>
        <source>Duration (s)</source>
        <translation>时长（秒）</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Select a run of a strl-jobs scenario (kind: strl-jobs) to see its space-time plan: the placements that ran and, per scheduling cycle, the ones TetriSched planned ahead.</source>
        <translation>请选择一个 strl-jobs 场景（kind: strl-jobs）的运行，以查看其时空规划：已执行的放置，以及 TetriSched 在每个调度周期中提前规划的放置。</translation>
    </message>
    <message>
        <source>Run %1 could not be read: %2</source>
        <translation>无法读取运行 %1：%2</translation>
    </message>
    <message>
        <source>Run %1 has no strl-jobs workload (kind: strl-jobs), so there is no space-time plan to show.</source>
        <translation>运行 %1 没有 strl-jobs 工作负载（kind: strl-jobs），因此没有可显示的时空规划。</translation>
    </message>
    <message>
        <source>Run %1 is not in the project.</source>
        <translation>运行 %1 不在项目中。</translation>
    </message>
    <message>
        <source>no placement policy</source>
        <translation>无放置策略</translation>
    </message>
    <message numerus="yes">
        <source>%1: plan-ahead window of %n slice(s)</source>
        <translation>
            <numerusform>%1：提前规划窗口为 %n 个时间片</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 places jobs one at a time and plans nothing ahead</source>
        <translation>%1 逐个放置作业，不做提前规划</translation>
    </message>
    <message numerus="yes">
        <source>Run %1, workload %2: %n placement(s) ran</source>
        <translation>
            <numerusform>运行 %1，工作负载 %2：已执行 %n 个放置</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cycle(s)</source>
        <translation>
            <numerusform>%n 个周期</numerusform>
        </translation>
    </message>
    <message>
        <source>Filled: placements that ran (faded: started after the chosen cycle). Hatched with a dashed outline: the chosen cycle&apos;s plan for later cycles. Red line: the cycle&apos;s time.</source>
        <translation>实心：已执行的放置（淡色：在所选周期之后开始）。斜线填充并带虚线轮廓：所选周期为后续周期做出的规划。红线：该周期的时刻。</translation>
    </message>
    <message>
        <source>Click a block to see its job&apos;s STRL expression.</source>
        <translation>点击一个块以查看其作业的 STRL 表达式。</translation>
    </message>
    <message>
        <source>at %1 s: the policy records no plan</source>
        <translation>%1 秒时：该策略未记录规划</translation>
    </message>
    <message numerus="yes">
        <source>at %1 s: %n placement(s) planned for later cycles</source>
        <translation>
            <numerusform>%1 秒时：为后续周期规划了 %n 个放置</numerusform>
        </translation>
    </message>
    <message>
        <source>at %1 s: nothing planned ahead</source>
        <translation>%1 秒时：没有提前规划</translation>
    </message>
    <message numerus="yes">
        <source>%1 — class %2 (%3), %n node(s)</source>
        <translation>
            <numerusform>%1 — 类别 %2（%3），%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 s preferred run time, submitted at %2 s</source>
        <translation>首选运行时长 %1 秒，提交于 %2 秒</translation>
    </message>
    <message>
        <source>Neither job %1 nor its class is in the run&apos;s scenario, so its expression cannot be rebuilt.</source>
        <translation>作业 %1 及其类别都不在该运行的场景中，因此无法重建其表达式。</translation>
    </message>
    <message numerus="yes">
        <source>window of %n slice(s)</source>
        <translation>
            <numerusform>窗口为 %n 个时间片</numerusform>
        </translation>
    </message>
    <message>
        <source>Rebuilt, not recorded (runs store no expressions): core/strl&apos;s generator applied to the job as the run&apos;s scenario submits it (same seed, same job stream), at its first cycle after submission (t = %1 s) with a %2 — what the policy planned with then. Each later cycle regenerates it with later starts.</source>
        <translation>重建而非记录（运行不存储表达式）：将 core/strl 的生成器应用于该运行的场景所提交的作业（相同种子、相同作业流），在其提交后的第一个周期（t = %1 秒），%2 — 即策略当时据以规划的表达式。之后的每个周期都会以更晚的开始时间重新生成它。</translation>
    </message>
    <message>
        <source>Rebuilt, not recorded (runs store no expressions): core/strl&apos;s generator applied to the job as the run&apos;s scenario submits it, at the cycle it started (t = %1 s) with a %2. Bold: the option that ran.</source>
        <translation>重建而非记录（运行不存储表达式）：将 core/strl 的生成器应用于该运行的场景所提交的作业，在其开始运行的周期（t = %1 秒），%2。粗体：已执行的选项。</translation>
    </message>
    <message>
        <source>Not exact: job %1 is not in the job stream the run&apos;s scenario draws, so this is the expression of its class with the class&apos;s nominal run time at the job&apos;s recorded start (t = %2 s), with a %3.</source>
        <translation>不精确：作业 %1 不在该运行的场景所抽取的作业流中，因此这是其类别的表达式，采用该类别的标称运行时长，位于作业记录的开始时间（t = %2 秒），%3。</translation>
    </message>
    <message>
        <source>The job never started, so this is its first cycle&apos;s expression.</source>
        <translation>该作业从未开始运行，因此这是其第一个周期的表达式。</translation>
    </message>
    <message>
        <source>The run&apos;s policy (%1) does not plan with STRL: this is what TetriSched&apos;s generator would ask for.</source>
        <translation>该运行的策略（%1）不使用 STRL 进行规划：这是 TetriSched 的生成器会请求的内容。</translation>
    </message>
    <message>
        <source>%1 — ran</source>
        <translation>%1 — 已执行</translation>
    </message>
    <message>
        <source>Worth %1 when any %2 node(s) of %3 are held from %4 s for %5 s</source>
        <translation>当 %3 中任意 %2 个节点从 %4 秒起被占用 %5 秒时，价值为 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n option(s)</source>
        <translation>
            <numerusform>%1 · %n 个选项</numerusform>
        </translation>
    </message>
    <message>
        <source>Worth its best option; at most one option is granted</source>
        <translation>价值为其最佳选项的价值；至多授予一个选项</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n part(s)</source>
        <translation>
            <numerusform>%1 · %n 个部分</numerusform>
        </translation>
    </message>
    <message>
        <source>All parts are granted or none; worth its smallest part</source>
        <translation>所有部分要么全部授予，要么都不授予；价值为其最小部分的价值</translation>
    </message>
    <message>
        <source>Worth the sum of its granted parts</source>
        <translation>价值为其已授予部分的价值之和</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Worth its part&apos;s value times %1</source>
        <translation>价值为其部分的价值乘以 %1</translation>
    </message>
    <message>
        <source>%1 ≥ %2</source>
        <translation>%1 ≥ %2</translation>
    </message>
    <message>
        <source>Worth %1 when its part is worth at least %1, else nothing</source>
        <translation>当其部分的价值至少为 %1 时，价值为 %1，否则为零</translation>
    </message>
</context>
<context>
    <name>orrery::app::TrainControlDialog</name>
    <message>
        <source>Train Control Policy</source>
        <translation>训练控制策略</translation>
    </message>
    <message>
        <source>the scenario editor&apos;s text</source>
        <translation>场景编辑器中的文本</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Scenario to Train On</source>
        <translation>用于训练的场景</translation>
    </message>
    <message>
        <source>Scenarios (*.yaml *.yml)</source>
        <translation>场景 (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>the scenario&apos;s</source>
        <translation>场景自带</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>One for all</source>
        <translation>全体共用一个</translation>
    </message>
    <message>
        <source>One for each</source>
        <translation>每个一个</translation>
    </message>
    <message>
        <source>Transfer (from the latest model)</source>
        <translation>迁移（从最新模型开始）</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Plugin:</source>
        <translation>插件：</translation>
    </message>
    <message>
        <source>Scenario:</source>
        <translation>场景：</translation>
    </message>
    <message>
        <source>Episodes:</source>
        <translation>回合数：</translation>
    </message>
    <message>
        <source>Steps per episode:</source>
        <translation>每回合步数：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <source>Checkpoint every:</source>
        <translation>检查点间隔：</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>模式：</translation>
    </message>
</context>
<context>
    <name>orrery::app::TrainingDock</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>No training yet: Run ▸ Train Control Policy…</source>
        <translation>尚无训练：运行 ▸ 训练控制策略…</translation>
    </message>
    <message>
        <source>Mean reward per episode</source>
        <translation>每回合平均奖励</translation>
    </message>
    <message>
        <source>Episode</source>
        <translation>回合</translation>
    </message>
    <message>
        <source>Mean reward</source>
        <translation>平均奖励</translation>
    </message>
    <message>
        <source>Steps per episode</source>
        <translation>每回合步数</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Training %1 on “%2”: %3 episodes of up to %4 steps, seed %5, %6</source>
        <translation>在“%2”上训练 %1：%3 个回合，每回合最多 %4 步，种子 %5，%6</translation>
    </message>
    <message>
        <source>Episode 0 of %1</source>
        <translation>第 0 / %1 回合</translation>
    </message>
    <message>
        <source>Training: checkpoint of episode %1 stored as model %2.</source>
        <translation>训练：第 %1 回合的检查点已保存为模型 %2。</translation>
    </message>
    <message>
        <source>Cancelling after the current episode…</source>
        <translation>将在当前回合结束后取消…</translation>
    </message>
    <message>
        <source>Episode %1 of %2 — ETA %3</source>
        <translation>第 %1 / %2 回合 — 预计剩余 %3</translation>
    </message>
    <message>
        <source>Episode %1: mean reward %2 over %3 steps; %4 elapsed</source>
        <translation>第 %1 回合：%3 步的平均奖励 %2；已用时 %4</translation>
    </message>
    <message>
        <source>Training failed: %1</source>
        <translation>训练失败：%1</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Training cancelled after %1 episode(s); %2 checkpoint(s) kept, no final model.</source>
        <translation>训练在 %1 个回合后取消；保留 %2 个检查点，无最终模型。</translation>
    </message>
    <message>
        <source>Cancelled at episode %1 of %2</source>
        <translation>已在第 %1 / %2 回合取消</translation>
    </message>
    <message>
        <source>Training done in %1: model %2 stored (%3 checkpoint(s)).</source>
        <translation>训练完成，用时 %1：模型 %2 已保存（%3 个检查点）。</translation>
    </message>
    <message>
        <source>Done: %1 episodes</source>
        <translation>完成：%1 个回合</translation>
    </message>
    <message>
        <source>Mean reward per agent</source>
        <translation>每个智能体的平均奖励</translation>
    </message>
    <message>
        <source>+%1 functions (episode %2)</source>
        <translation>+%1 个函数（第 %2 回合）</translation>
    </message>
    <message>
        <source>%1 functions (episode %2)</source>
        <translation>%1 个函数（第 %2 回合）</translation>
    </message>
    <message>
        <source>%1 of %2 agents converged (mean reward of the last 20 episodes within 2 % of the 20 before, since the last churn)</source>
        <translation>%2 个智能体中有 %1 个已收敛（自上次函数集变动以来，最近 20 个回合的平均奖励与之前 20 个回合相差在 2 % 以内）</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::CdfChart</name>
    <message>
        <source>fraction of runs ≤ x</source>
        <translation>运行中 ≤ x 的比例</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ClusterView</name>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>ASIC</source>
        <translation>ASIC</translation>
    </message>
    <message>
        <source>FPGA</source>
        <translation>FPGA</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 × %2 %3</source>
        <translation>%1 × %2 %3</translation>
    </message>
    <message>
        <source>CPU only</source>
        <translation>仅 CPU</translation>
    </message>
    <message>
        <source>Pool: %1</source>
        <translation>节点池：%1</translation>
    </message>
    <message>
        <source>Devices: %1</source>
        <translation>设备：%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>CPU: %1 / %2 cores</source>
        <translation>CPU：%1 / %2 核</translation>
    </message>
    <message>
        <source>Memory: %1 / %2 GiB</source>
        <translation>内存：%1 / %2 GiB</translation>
    </message>
    <message>
        <source>%1: %2 / %3</source>
        <translation>%1：%2 / %3</translation>
    </message>
    <message>
        <source>%1 utilization</source>
        <translation>%1 利用率</translation>
    </message>
    <message>
        <source>0 %</source>
        <translation>0 %</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>100 %</source>
        <translation>100 %</translation>
    </message>
    <message>
        <source>Colour by %1</source>
        <translation>按%1着色</translation>
    </message>
    <message>
        <source>%1 — %2 nodes, %3</source>
        <translation>%1 — %2 个节点，%3</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ComparisonTableModel</name>
    <message>
        <source>%1 [%2, %3]</source>
        <translation>%1 [%2, %3]</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>%1 is the baseline arm: the others are compared with it.</source>
        <translation>%1 是基准分组：其他分组与它比较。</translation>
    </message>
    <message>
        <source>median(%1) / median(%2) with its 95% bootstrap confidence interval</source>
        <translation>中位数(%1) / 中位数(%2)，附 95% bootstrap 置信区间</translation>
    </message>
    <message>
        <source>mean(%1) / mean(%2), for latency-like metrics only: above 1 means %2 is faster</source>
        <translation>均值(%1) / 均值(%2)，仅用于类延迟指标：大于 1 表示 %2 更快</translation>
    </message>
    <message>
        <source>Arm</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Ratio of medians [95% CI]</source>
        <translation>中位数之比 [95% CI]</translation>
    </message>
    <message>
        <source>Ratio of medians to %1 [95% CI]</source>
        <translation>相对 %1 的中位数之比 [95% CI]</translation>
    </message>
    <message>
        <source>Mann–Whitney p</source>
        <translation>Mann–Whitney p</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>加速比</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ComparisonView</name>
    <message>
        <source>&amp;Metric:</source>
        <translation>指标(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Sweep point:</source>
        <translation>扫描点(&amp;S)：</translation>
    </message>
    <message>
        <source>CDF</source>
        <translation>CDF</translation>
    </message>
    <message>
        <source>Box plot</source>
        <translation>箱线图</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>Time series</source>
        <translation>时间序列</translation>
    </message>
    <message>
        <source>Experiment %1 — %2</source>
        <translation>实验 %1 — %2</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1（基准）</translation>
    </message>
    <message>
        <source>Arms: %1</source>
        <translation>分组：%1</translation>
    </message>
    <message>
        <source>scenario %1</source>
        <translation>场景 %1</translation>
    </message>
    <message>
        <source>sweep over %1</source>
        <translation>对 %1 扫描</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n 次运行</numerusform>
        </translation>
    </message>
    <message>
        <source>Scenario file: %1</source>
        <translation>场景文件：%1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>(no sweep)</source>
        <translation>（无扫描）</translation>
    </message>
    <message>
        <source>&amp;%1:</source>
        <translation>&amp;%1：</translation>
    </message>
    <message>
        <source>The experiment has no sweep.</source>
        <translation>该实验没有扫描。</translation>
    </message>
    <message>
        <source>Mean %1 by %2</source>
        <translation>按 %2 的 %1 均值</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>mean (%1)</source>
        <translation>均值（%1）</translation>
    </message>
    <message>
        <source> at %1 = %2</source>
        <translation>，%1 = %2</translation>
    </message>
    <message>
        <source>Distribution of %1 over runs%2</source>
        <translation>%1 在各运行中的分布%2</translation>
    </message>
    <message>
        <source>%1 per arm%2</source>
        <translation>各分组的 %1%2</translation>
    </message>
    <message>
        <source>Per item</source>
        <translation>按项</translation>
    </message>
    <message>
        <source>No metric family such as fn.*.latency.p99 (one metric per item).</source>
        <translation>没有类似 fn.*.latency.p99 的指标族（每项一个指标）。</translation>
    </message>
    <message>
        <source>%1: mean over runs, per item and arm</source>
        <translation>%1：各运行的均值，按项和分组</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::EmbeddingView</name>
    <message>
        <source>PCA</source>
        <translation>PCA</translation>
    </message>
    <message>
        <source>t-SNE</source>
        <translation>t-SNE</translation>
    </message>
    <message>
        <source>&amp;Projection:</source>
        <translation>投影(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Colour by:</source>
        <translation>着色依据(&amp;C)：</translation>
    </message>
    <message>
        <source>k-shot adaptation</source>
        <translation>k 次样本适应</translation>
    </message>
    <message>
        <source>Episode</source>
        <translation>回合</translation>
    </message>
    <message>
        <source>Reward</source>
        <translation>奖励</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>current workload (adapting)</source>
        <translation>当前工作负载（适应中）</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>current</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>Workload embeddings</source>
        <translation>工作负载嵌入</translation>
    </message>
    <message>
        <source>%1 — t-SNE</source>
        <translation>%1 — t-SNE</translation>
    </message>
    <message>
        <source>t-SNE 1</source>
        <translation>t-SNE 1</translation>
    </message>
    <message>
        <source>t-SNE 2</source>
        <translation>t-SNE 2</translation>
    </message>
    <message>
        <source>%1 — PCA</source>
        <translation>%1 — PCA</translation>
    </message>
    <message>
        <source>PC1 (%1 %)</source>
        <translation>主成分 1（%1 %）</translation>
    </message>
    <message>
        <source>PC2 (%1 %)</source>
        <translation>主成分 2（%1 %）</translation>
    </message>
    <message>
        <source>No embeddings</source>
        <translation>无嵌入</translation>
    </message>
    <message>
        <source>Computing t-SNE of %1 points… (PCA shown meanwhile)</source>
        <translation>正在计算 %1 个点的 t-SNE…（期间显示 PCA）</translation>
    </message>
    <message>
        <source>t-SNE of %1 points of %2 dimensions: perplexity %3, %4 steps, seed %5, KL %6</source>
        <translation>%1 个 %2 维点的 t-SNE：困惑度 %3，%4 步，种子 %5，KL %6</translation>
    </message>
    <message>
        <source>PCA of %1 points of %2 dimensions: PC1 %3 %, PC2 %4 % of the variance</source>
        <translation>%1 个 %2 维点的 PCA：主成分 1 占方差 %3 %，主成分 2 占 %4 %</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::FleetHeatMap</name>
    <message numerus="yes">
        <source>%1 at %2 s: %n replica(s)</source>
        <translation>
            <numerusform>%1 在 %2 秒：%n 个副本</numerusform>
        </translation>
    </message>
    <message>
        <source>No replica series</source>
        <translation>没有副本时间序列</translation>
    </message>
    <message>
        <source>replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <source>Simulated time (s)</source>
        <translation>模拟时间（秒）</translation>
    </message>
    <message>
        <source>Export Chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>%1 could not be written.</source>
        <translation>无法写入 %1。</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::LogView</name>
    <message>
        <source>warning: </source>
        <translation>警告：</translation>
    </message>
    <message>
        <source>error: </source>
        <translation>错误：</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ServiceGraphCanvas</name>
    <message>
        <source>p99 latency (log scale)</source>
        <translation>p99 延迟（对数刻度）</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>critical path</source>
        <translation>关键路径</translation>
    </message>
    <message>
        <source>critical component</source>
        <translation>关键组件</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ServiceGraphScene</name>
    <message>
        <source>p99 %1 ms</source>
        <translation>p99 %1 毫秒</translation>
    </message>
    <message>
        <source>%1 % utilized</source>
        <translation>利用率 %1 %</translation>
    </message>
    <message>
        <source>p99 latency</source>
        <translation>p99 延迟</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Relative importance (RI)</source>
        <translation>相对重要性（RI）</translation>
    </message>
    <message>
        <source>Congestion intensity (CI)</source>
        <translation>拥塞强度（CI）</translation>
    </message>
    <message>
        <source>Called by</source>
        <translation>被调用方</translation>
    </message>
    <message numerus="yes">
        <source>%n service(s)</source>
        <translation>
            <numerusform>%n 个服务</numerusform>
        </translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用</translation>
    </message>
    <message>
        <source>On the critical path</source>
        <translation>位于关键路径上</translation>
    </message>
    <message>
        <source>Critical component</source>
        <translation>关键组件</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1 calls/s</source>
        <translation>%1 次调用/秒</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) observed</source>
        <translation>
            <numerusform>观测到 %n 次调用</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ServiceGraphView</name>
    <message>
        <source>p99 latency</source>
        <translation>p99 延迟</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>Fit the whole graph into view (F)</source>
        <translation>使整个图适应视图（F）</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Save the graph as a PNG or SVG image</source>
        <translation>将图保存为 PNG 或 SVG 图像</translation>
    </message>
    <message>
        <source>Colour by:</source>
        <translation>着色依据：</translation>
    </message>
    <message>
        <source>Click a service to see its metrics.</source>
        <translation>点击一个服务以查看其指标。</translation>
    </message>
    <message numerus="yes">
        <source>Laying out %n service(s)…</source>
        <translation>
            <numerusform>正在布局 %n 个服务…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n service(s), %2 call(s); layout by %3</source>
        <translation>
            <numerusform>%1：%n 个服务，%2 条调用；由 %3 布局</numerusform>
        </translation>
    </message>
    <message>
        <source>Service graph</source>
        <translation>服务图</translation>
    </message>
    <message>
        <source>No service graph: open a scenario with a service graph, a run, or a trace.</source>
        <translation>没有服务图：请打开带服务图的场景、一个运行或一个 Trace。</translation>
    </message>
    <message>
        <source>Export Service Graph</source>
        <translation>导出服务图</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>The graph could not be written to %1.</source>
        <translation>无法将图写入 %1。</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::TimeSeriesChart</name>
    <message>
        <source>%1: from %2 to %3</source>
        <translation>%1：从 %2 到 %3</translation>
    </message>
    <message>
        <source>%1: from %2 to %3 (%4)</source>
        <translation>%1：从 %2 到 %3（%4）</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::TraceListModel</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Root service</source>
        <translation>根服务</translation>
    </message>
    <message>
        <source>Spans</source>
        <translation>Span 数</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Trace id</source>
        <translation>Trace ID</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::TraceTimeline</name>
    <message>
        <source>Instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>+%1</source>
        <translation>+%1</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Self time</source>
        <translation>自身时间</translation>
    </message>
    <message>
        <source>Background call (follows from its parent)</source>
        <translation>后台调用（FollowsFrom 父 Span）</translation>
    </message>
    <message>
        <source>On the critical path</source>
        <translation>位于关键路径上</translation>
    </message>
    <message numerus="yes">
        <source>%n span(s)</source>
        <translation>
            <numerusform>%n 个 Span</numerusform>
        </translation>
    </message>
    <message>
        <source>Open a trace file (Jaeger, OTLP or Zipkin JSON) or choose a trace.</source>
        <translation>请打开 Trace 文件（Jaeger、OTLP 或 Zipkin JSON）或选择一个 Trace。</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::TraceView</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>No traces: use File ▸ Open Trace… (or drop a file on the window) to read a Jaeger, OTLP or Zipkin JSON file.</source>
        <translation>没有 Trace：请使用“文件 ▸ 打开 Trace…”（或将文件拖放到窗口上）读取 Jaeger、OTLP 或 Zipkin JSON 文件。</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n trace(s)</source>
        <translation>
            <numerusform>%1：%n 个 Trace</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>critical path: %n span(s)</source>
        <translation>
            <numerusform>关键路径：%n 个 Span</numerusform>
        </translation>
    </message>
</context>
</TS>
