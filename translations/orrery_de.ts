<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>QChartView</name>
    <message>
        <source>Export Chart…</source>
        <translation>Diagramm exportieren…</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Bild (*.svg)</translation>
    </message>
    <message>
        <source>%1 could not be written.</source>
        <translation>%1 konnte nicht geschrieben werden.</translation>
    </message>
</context>
<context>
    <name>orrery::app::EmbeddingTab</name>
    <message>
        <source>Open a project to see the embeddings of its meta learner.</source>
        <translation>Öffnen Sie ein Projekt, um die Embeddings seines Meta-Learners zu sehen.</translation>
    </message>
    <message>
        <source>The embeddings could not be read: %1</source>
        <translation>Die Embeddings konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>This project holds no embeddings yet. Train agents on a few workloads (orrery train firm --scenario S on each), then run orrery meta-train --project P: each workload becomes a point here.</source>
        <translation>Dieses Projekt enthält noch keine Embeddings. Trainieren Sie Agenten auf einigen Workloads (orrery train firm --scenario S für jede) und führen Sie dann orrery meta-train --project P aus: Jede Workload wird hier ein Punkt.</translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentCellModel</name>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>in der Warteschlange</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>Zelle</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Engine state</source>
        <translation>Zustand laut Engine</translation>
    </message>
    <message>
        <source>Task or pod</source>
        <translation>Task oder Pod</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentData</name>
    <message>
        <source>%1: the project file no longer exists</source>
        <translation>%1: Die Projektdatei existiert nicht mehr</translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentDialog</name>
    <message>
        <source>Run Experiment</source>
        <translation>Experiment ausführen</translation>
    </message>
    <message>
        <source>an experiment file (kind: Experiment)</source>
        <translation>eine Experimentdatei (kind: Experiment)</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Experiment File</source>
        <translation>Experimentdatei</translation>
    </message>
    <message>
        <source>Experiment files (*.yaml *.yml);;All files (*)</source>
        <translation>Experimentdateien (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Local (this machine&apos;s cores)</source>
        <translation>Lokal (die Kerne dieses Rechners)</translation>
    </message>
    <message>
        <source>Slurm (one job array)</source>
        <translation>Slurm (ein Job-Array)</translation>
    </message>
    <message>
        <source>Kubernetes (one Indexed Job)</source>
        <translation>Kubernetes (ein Indexed Job)</translation>
    </message>
    <message>
        <source>every core</source>
        <translation>alle Kerne</translation>
    </message>
    <message>
        <source>Worker threads:</source>
        <translation>Worker-Threads:</translation>
    </message>
    <message>
        <source>the cluster&apos;s default</source>
        <translation>die Vorgabe des Clusters</translation>
    </message>
    <message>
        <source>the partition&apos;s default (e.g. 30:00, 1-00:00:00)</source>
        <translation>die Vorgabe der Partition (z. B. 30:00, 1-00:00:00)</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>PROJECT.shards beside the project</source>
        <translation>PROJEKT.shards neben dem Projekt</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>this executable</source>
        <translation>dieses Programm</translation>
    </message>
    <message>
        <source>Partition:</source>
        <translation>Partition:</translation>
    </message>
    <message>
        <source>Time limit per task:</source>
        <translation>Zeitlimit pro Task:</translation>
    </message>
    <message>
        <source>Tasks at once (array max):</source>
        <translation>Tasks gleichzeitig (Array-Maximum):</translation>
    </message>
    <message>
        <source>Cells per task:</source>
        <translation>Zellen pro Task:</translation>
    </message>
    <message>
        <source>Shard directory:</source>
        <translation>Shard-Verzeichnis:</translation>
    </message>
    <message>
        <source>Poll every:</source>
        <translation>Abfragen alle:</translation>
    </message>
    <message>
        <source>Orrery on the nodes:</source>
        <translation>Orrery auf den Knoten:</translation>
    </message>
    <message>
        <source>the kubeconfig&apos;s current context</source>
        <translation>der aktuelle Kontext der Kubeconfig</translation>
    </message>
    <message>
        <source>the context&apos;s namespace, else default</source>
        <translation>der Namespace des Kontexts, sonst default</translation>
    </message>
    <message>
        <source>required: an image with orrery on its PATH</source>
        <translation>erforderlich: ein Image mit orrery im PATH</translation>
    </message>
    <message>
        <source>$KUBECONFIG or ~/.kube/config</source>
        <translation>$KUBECONFIG oder ~/.kube/config</translation>
    </message>
    <message>
        <source>every cell at once</source>
        <translation>alle Zellen gleichzeitig</translation>
    </message>
    <message>
        <source>none (e.g. 500m)</source>
        <translation>keine (z. B. 500m)</translation>
    </message>
    <message>
        <source>none (e.g. 1Gi)</source>
        <translation>keine (z. B. 1Gi)</translation>
    </message>
    <message>
        <source>Context:</source>
        <translation>Kontext:</translation>
    </message>
    <message>
        <source>Namespace:</source>
        <translation>Namespace:</translation>
    </message>
    <message>
        <source>Image:</source>
        <translation>Image:</translation>
    </message>
    <message>
        <source>Kubeconfig:</source>
        <translation>Kubeconfig:</translation>
    </message>
    <message>
        <source>Pods at once (parallelism):</source>
        <translation>Pods gleichzeitig (parallelism):</translation>
    </message>
    <message>
        <source>Backoff limit:</source>
        <translation>Backoff-Limit:</translation>
    </message>
    <message>
        <source>CPU request per pod:</source>
        <translation>CPU-Anforderung pro Pod:</translation>
    </message>
    <message>
        <source>Memory request per pod:</source>
        <translation>Speicheranforderung pro Pod:</translation>
    </message>
    <message>
        <source>Orrery in the image:</source>
        <translation>Orrery im Image:</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Experiment:</source>
        <translation>Experiment:</translation>
    </message>
    <message>
        <source>Run on:</source>
        <translation>Ausführen auf:</translation>
    </message>
    <message>
        <source>Choose an experiment file.</source>
        <translation>Wählen Sie eine Experimentdatei.</translation>
    </message>
    <message>
        <source>“%1”: %2 cells (%3 sweep points × %4 arms × %5 seeds × %6 repeats)</source>
        <translation>„%1“: %2 Zellen (%3 Sweep-Punkte × %4 Arme × %5 Seeds × %6 Wiederholungen)</translation>
    </message>
    <message>
        <source>current context</source>
        <translation>aktueller Kontext</translation>
    </message>
    <message>
        <source>“%1”: live on %2: %3 arms × %4 windows of %5 s (after a %6 s washout each)</source>
        <translation>„%1“: live auf %2: %3 Arme × %4 Fenster zu %5 s (jeweils nach %6 s Auswaschphase)</translation>
    </message>
    <message>
        <source>Let the arms change replicas and limits in %1 (each action previewed with a dry run, rate-limited and audited; the original state is restored at the end)</source>
        <translation>Den Armen erlauben, Replikate und Limits in %1 zu ändern (jede Aktion zuerst als Probelauf, ratenbegrenzt und protokolliert; am Ende wird der ursprüngliche Zustand wiederhergestellt)</translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentJob</name>
    <message>
        <source>cell %1</source>
        <translation>Zelle %1</translation>
    </message>
    <message>
        <source>Local</source>
        <translation>Lokal</translation>
    </message>
    <message>
        <source>Experiment “%1”: %2 of %3 runs, %4 running</source>
        <translation>Experiment „%1“: %2 von %3 Läufen, %4 laufen</translation>
    </message>
    <message>
        <source>, %1 failed</source>
        <translation>, %1 fehlgeschlagen</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) in flight kept as cancelled; run the experiment again to resume</source>
        <translation>
            <numerusform>%n laufender Lauf als abgebrochen behalten; das Experiment erneut starten, um fortzusetzen</numerusform>
            <numerusform>%n laufende Läufe als abgebrochen behalten; das Experiment erneut starten, um fortzusetzen</numerusform>
        </translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>Metric “%1” was recorded by no run; its table shows n/a.
</source>
        <translation>Die Metrik „%1“ wurde von keinem Lauf aufgezeichnet; ihre Tabelle zeigt n/a.
</translation>
    </message>
    <message>
        <source>Experiment “%1” on %2: %3 of %4 cells merged, %5 running, %6 waiting</source>
        <translation>Experiment „%1“ auf %2: %3 von %4 Zellen zusammengeführt, %5 laufen, %6 warten</translation>
    </message>
    <message>
        <source>slurm job %1 cancelled (scancel)</source>
        <translation>Slurm-Job %1 abgebrochen (scancel)</translation>
    </message>
    <message>
        <source>slurm task %1</source>
        <translation>Slurm-Task %1</translation>
    </message>
    <message>
        <source>States in %1; run the experiment again to resubmit them.</source>
        <translation>Zustände in %1; das Experiment erneut starten, um sie neu zu übermitteln.</translation>
    </message>
    <message>
        <source>The experiment uses trained models from the project; the Kubernetes backend does not ship models to the pods yet: run it locally or on Slurm.</source>
        <translation>Das Experiment verwendet trainierte Modelle aus dem Projekt; das Kubernetes-Backend liefert noch keine Modelle an die Pods: führen Sie es lokal oder auf Slurm aus.</translation>
    </message>
    <message>
        <source>kubernetes job %1 deleted</source>
        <translation>Kubernetes-Job %1 gelöscht</translation>
    </message>
    <message>
        <source>pod %1</source>
        <translation>Pod %1</translation>
    </message>
    <message>
        <source>current context</source>
        <translation>aktueller Kontext</translation>
    </message>
    <message>
        <source>Live experiment “%1”: window %2 of %3 (%4), %5</source>
        <translation>Live-Experiment „%1“: Fenster %2 von %3 (%4), %5</translation>
    </message>
    <message>
        <source>The original state was restored (%1 patches, %2 s)</source>
        <translation>Der ursprüngliche Zustand wurde wiederhergestellt (%1 Patches, %2 s)</translation>
    </message>
    <message>
        <source>The original state was not fully restored: orrery live restore --project %1</source>
        <translation>Der ursprüngliche Zustand wurde nicht vollständig wiederhergestellt: orrery live restore --project %1</translation>
    </message>
    <message>
        <source>Metric “%1” had no value in any window; its table shows n/a.
</source>
        <translation>Die Metrik „%1“ hatte in keinem Fenster einen Wert; ihre Tabelle zeigt n/a.
</translation>
    </message>
    <message>
        <source>; run the experiment again to resume</source>
        <translation>; das Experiment erneut starten, um fortzusetzen</translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentReportExport</name>
    <message>
        <source>the file name must end in .html or .pdf</source>
        <translation>der Dateiname muss auf .html oder .pdf enden</translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentView</name>
    <message>
        <source>Loading experiment %1…</source>
        <translation>Experiment %1 wird geladen…</translation>
    </message>
    <message>
        <source>Select an experiment in the project explorer, or run one with “orrery experiment”.</source>
        <translation>Wählen Sie ein Experiment im Projekt-Explorer aus oder führen Sie eines mit „orrery experiment“ aus.</translation>
    </message>
    <message>
        <source>Experiment %1 could not be read:
%2</source>
        <translation>Experiment %1 konnte nicht gelesen werden:
%2</translation>
    </message>
    <message>
        <source>No completed runs to show.</source>
        <translation>Keine abgeschlossenen Läufe vorhanden.</translation>
    </message>
    <message>
        <source>Loading time series…</source>
        <translation>Zeitreihen werden geladen…</translation>
    </message>
    <message>
        <source>The time series could not be read:
%1</source>
        <translation>Die Zeitreihen konnten nicht gelesen werden:
%1</translation>
    </message>
    <message>
        <source>%1 (run %2)</source>
        <translation>%1 (Lauf %2)</translation>
    </message>
    <message>
        <source>The runs recorded no %1 series.</source>
        <translation>Die Läufe haben keine Zeitreihe %1 aufgezeichnet.</translation>
    </message>
    <message>
        <source>CPU allocated, first seed of each arm</source>
        <translation>Zugewiesene CPU, erster Seed jedes Arms</translation>
    </message>
    <message>
        <source>simulated time (h)</source>
        <translation>simulierte Zeit (h)</translation>
    </message>
    <message>
        <source>simulated time (min)</source>
        <translation>simulierte Zeit (min)</translation>
    </message>
    <message>
        <source>% of capacity</source>
        <translation>% der Kapazität</translation>
    </message>
    <message>
        <source>Trade-off per run: %1 against %2</source>
        <translation>Zielkonflikt je Lauf: %1 gegenüber %2</translation>
    </message>
</context>
<context>
    <name>orrery::app::FlowConRunData</name>
    <message>
        <source>%1: the project file no longer exists</source>
        <translation>%1: Die Projektdatei existiert nicht mehr</translation>
    </message>
</context>
<context>
    <name>orrery::app::FlowConView</name>
    <message>
        <source>NL: new, growing fast</source>
        <translation>NL: neu, wächst schnell</translation>
    </message>
    <message>
        <source>WL: watching, near convergence</source>
        <translation>WL: beobachtet, nahe der Konvergenz</translation>
    </message>
    <message>
        <source>CL: completing, growing slowly</source>
        <translation>CL: vor dem Abschluss, wächst langsam</translation>
    </message>
    <message>
        <source>flagged: reports no evaluation value</source>
        <translation>markiert (flagged): meldet keinen Evaluationswert</translation>
    </message>
    <message>
        <source>Select a run of a training-jobs scenario (kind: training-jobs) to see its workers&apos; CPU limits and evaluation curves.</source>
        <translation>Wählen Sie einen Lauf eines Szenarios mit Trainingsjobs (kind: training-jobs) aus, um die CPU-Limits und Evaluationskurven seiner Worker zu sehen.</translation>
    </message>
    <message>
        <source>Run %1 could not be read: %2</source>
        <translation>Lauf %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Run %1 recorded no training jobs (kind: training-jobs with evaluation series).</source>
        <translation>Lauf %1 hat keine Trainingsjobs aufgezeichnet (kind: training-jobs mit Evaluationsreihen).</translation>
    </message>
    <message>
        <source>Run %1 is not in the project.</source>
        <translation>Lauf %1 ist nicht im Projekt.</translation>
    </message>
    <message numerus="yes">
        <source>Run %1: %n training job(s)</source>
        <translation>
            <numerusform>Lauf %1: %n Trainingsjob</numerusform>
            <numerusform>Lauf %1: %n Trainingsjobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n worker(s)</source>
        <translation>
            <numerusform>%n Worker</numerusform>
            <numerusform>%n Worker</numerusform>
        </translation>
    </message>
    <message>
        <source>Colours are per job: this run records no class per container (the policy reports none), so classes are not shown. Where a container has no CPU limit, its band shows the cores it used.</source>
        <translation>Farben je Job: Dieser Lauf zeichnet keine Klasse je Container auf (die Strategie meldet keine), daher werden keine Klassen gezeigt. Wo ein Container kein CPU-Limit hat, zeigt sein Band die genutzten Kerne.</translation>
    </message>
    <message>
        <source>Runs record each container&apos;s class when the control policy reports one (FlowCon&apos;s NL/WL/CL lists); docker-swarm and static-limits have no classes.</source>
        <translation>Läufe zeichnen die Klasse jedes Containers auf, wenn die Steuerungsstrategie eine meldet (die NL/WL/CL-Listen von FlowCon); docker-swarm und static-limits haben keine Klassen.</translation>
    </message>
    <message>
        <source>Band colour: the policy&apos;s class of the container at that time — %1. Grey: no class recorded yet. Where a container has no CPU limit, its band shows the cores it used.</source>
        <translation>Bandfarbe: die Klasse, in der die Strategie den Container zu diesem Zeitpunkt führt — %1. Grau: noch keine Klasse aufgezeichnet. Wo ein Container kein CPU-Limit hat, zeigt sein Band die genutzten Kerne.</translation>
    </message>
    <message>
        <source>Recorded by the run as policy.label annotations: the class FlowCon held each container in (Alg. 1&apos;s lists, seed 004 §5.2). Hover a band for the job and class.</source>
        <translation>Vom Lauf als policy.label-Annotationen aufgezeichnet: die Klasse, in der FlowCon jeden Container führte (die Listen von Alg. 1, seed 004 §5.2). Fahren Sie mit der Maus über ein Band, um Job und Klasse zu sehen.</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2 workers.</source>
        <translation>Die ersten %1 von %2 Workern werden gezeigt.</translation>
    </message>
    <message>
        <source>Worker not recorded (jobs unfinished at the horizon)</source>
        <translation>Worker nicht aufgezeichnet (Jobs am Horizont nicht abgeschlossen)</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n container(s)</source>
        <translation>
            <numerusform>%1 — %n Container</numerusform>
            <numerusform>%1 — %n Container</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU limit per container, stacked (no limit set: cores used)</source>
        <translation>CPU-Limit je Container, gestapelt (ohne Limit: genutzte Kerne)</translation>
    </message>
    <message>
        <source>Simulated time (s)</source>
        <translation>Simulierte Zeit (s)</translation>
    </message>
    <message>
        <source>Cores</source>
        <translation>Kerne</translation>
    </message>
    <message>
        <source>Training progress (evaluation value, 0 = first, 1 = last)</source>
        <translation>Trainingsfortschritt (Evaluationswert, 0 = erster, 1 = letzter)</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>%1: CPU limit; where none was set, the cores the job used</source>
        <translation>%1: CPU-Limit; wo keines gesetzt war, die vom Job genutzten Kerne</translation>
    </message>
    <message>
        <source>%1: CPU limit</source>
        <translation>%1: CPU-Limit</translation>
    </message>
    <message>
        <source>%1, from %2 s to %3 s</source>
        <translation>%1, von %2 s bis %3 s</translation>
    </message>
    <message>
        <source>no class recorded</source>
        <translation>keine Klasse aufgezeichnet</translation>
    </message>
    <message>
        <source>(colour per job)</source>
        <translation>(Farbe je Job)</translation>
    </message>
</context>
<context>
    <name>orrery::app::LiveDock</name>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Show in Cluster view</source>
        <translation>In Cluster-Ansicht zeigen</translation>
    </message>
    <message>
        <source>Context:</source>
        <translation>Kontext:</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Nicht verbunden.</translation>
    </message>
    <message>
        <source>all namespaces</source>
        <translation>alle Namespaces</translation>
    </message>
    <message>
        <source>Namespace:</source>
        <translation>Namespace:</translation>
    </message>
    <message>
        <source>Load more</source>
        <translation>Mehr laden</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pods</translation>
    </message>
    <message>
        <source>Prometheus</source>
        <translation>Prometheus</translation>
    </message>
    <message>
        <source>The kubeconfig defines no contexts.</source>
        <translation>Die kubeconfig definiert keine Kontexte.</translation>
    </message>
    <message>
        <source>Not connected. Choose a context and press Connect.</source>
        <translation>Nicht verbunden. Wählen Sie einen Kontext und klicken Sie auf Verbinden.</translation>
    </message>
    <message>
        <source>No context selected.</source>
        <translation>Kein Kontext ausgewählt.</translation>
    </message>
    <message>
        <source>Warning: context &quot;%1&quot; sets insecure-skip-tls-verify; the server&apos;s identity is not checked.</source>
        <translation>Warnung: Kontext „%1“ setzt insecure-skip-tls-verify; die Identität des Servers wird nicht geprüft.</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <source>%1 — Kubernetes %2</source>
        <translation>%1 — Kubernetes %2</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>Simulate this cluster…</source>
        <translation>Diesen Cluster simulieren…</translation>
    </message>
    <message>
        <source>Capture the cluster (the namespace below, or all) as a scenario, open it in the scenario editor and simulate it</source>
        <translation>Den Cluster (den Namespace unten oder alle) als Szenario erfassen, im Szenario-Editor öffnen und simulieren</translation>
    </message>
    <message>
        <source>Capturing a snapshot of %1 (all namespaces)…</source>
        <translation>Snapshot von %1 wird erstellt (alle Namespaces)…</translation>
    </message>
    <message>
        <source>Capturing a snapshot of %1 (namespace %2)…</source>
        <translation>Snapshot von %1 wird erstellt (Namespace %2)…</translation>
    </message>
    <message>
        <source>Snapshot of %1: %2 nodes and %3 pods, written as %4.</source>
        <translation>Snapshot von %1: %2 Knoten und %3 Pods, geschrieben als %4.</translation>
    </message>
</context>
<context>
    <name>orrery::app::LiveNodeModel</name>
    <message>
        <source>cordoned</source>
        <translation>gesperrt</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>not ready</source>
        <translation>nicht bereit</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Instance type</source>
        <translation>Instanztyp</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>Zone</translation>
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
        <translation>Namespace</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation>Neustarts</translation>
    </message>
    <message>
        <source>CPU request</source>
        <translation>CPU-Anforderung</translation>
    </message>
    <message>
        <source>Memory request</source>
        <translation>Speicheranforderung</translation>
    </message>
</context>
<context>
    <name>orrery::app::LiveQueryPanel</name>
    <message>
        <source>15 minutes</source>
        <translation>15 Minuten</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 Stunde</translation>
    </message>
    <message>
        <source>6 hours</source>
        <translation>6 Stunden</translation>
    </message>
    <message>
        <source>24 hours</source>
        <translation>24 Stunden</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>Abfragen</translation>
    </message>
    <message>
        <source>minutes before now</source>
        <translation>Minuten vor jetzt</translation>
    </message>
    <message>
        <source>value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Prometheus:</source>
        <translation>Prometheus:</translation>
    </message>
    <message>
        <source>PromQL:</source>
        <translation>PromQL:</translation>
    </message>
    <message>
        <source>Querying %1…</source>
        <translation>Frage %1 ab…</translation>
    </message>
    <message>
        <source>1 series</source>
        <translation>1 Reihe</translation>
    </message>
    <message>
        <source>%1 series</source>
        <translation>%1 Reihen</translation>
    </message>
    <message>
        <source>5 minutes</source>
        <translation>5 Minuten</translation>
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
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Scenario — %1</source>
        <translation>Szenario — %1</translation>
    </message>
    <message>
        <source>A run is in progress; cancel it before opening another project.</source>
        <translation>Ein Lauf ist aktiv; brechen Sie ihn ab, bevor Sie ein anderes Projekt öffnen.</translation>
    </message>
    <message>
        <source>The project %1 could not be opened.</source>
        <translation>Das Projekt %1 konnte nicht geöffnet werden.</translation>
    </message>
    <message>
        <source>%1 — Orrery</source>
        <translation>%1 — Orrery</translation>
    </message>
    <message>
        <source>Opened project %1</source>
        <translation>Projekt %1 geöffnet</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) left running by a process that ended were marked interrupted.</source>
        <translation>
            <numerusform>%n Lauf eines beendeten Prozesses wurde als unterbrochen markiert.</numerusform>
            <numerusform>%n Läufe eines beendeten Prozesses wurden als unterbrochen markiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>The demo project is empty: running the demo scenario.</source>
        <translation>Das Demo-Projekt ist leer: Das Demo-Szenario wird ausgeführt.</translation>
    </message>
    <message>
        <source>A run is already in progress.</source>
        <translation>Es läuft bereits ein Lauf.</translation>
    </message>
    <message>
        <source>Open a project first.</source>
        <translation>Öffnen Sie zuerst ein Projekt.</translation>
    </message>
    <message>
        <source>Starting a run of “%1” (seed %2, horizon %3 h)</source>
        <translation>Starte einen Lauf von „%1“ (Seed %2, Horizont %3 h)</translation>
    </message>
    <message>
        <source>%1 cannot be run:
%2</source>
        <translation>%1 kann nicht ausgeführt werden:
%2</translation>
    </message>
    <message>
        <source>The scenario %1 has problems and cannot be run.</source>
        <translation>Das Szenario %1 enthält Fehler und kann nicht ausgeführt werden.</translation>
    </message>
    <message>
        <source>The edited scenario</source>
        <translation>Das bearbeitete Szenario</translation>
    </message>
    <message>
        <source>%1 could not be opened: %2</source>
        <translation>%1 konnte nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 could not be opened.</source>
        <translation>%1 konnte nicht geöffnet werden.</translation>
    </message>
    <message>
        <source>Opened the scenario %1</source>
        <translation>Szenario %1 geöffnet</translation>
    </message>
    <message>
        <source>The demo scenario cannot be run with the loaded plugins:
%1</source>
        <translation>Das Demo-Szenario kann mit den geladenen Plugins nicht ausgeführt werden:
%1</translation>
    </message>
    <message>
        <source>The demo scenario cannot be run with the loaded plugins.</source>
        <translation>Das Demo-Szenario kann mit den geladenen Plugins nicht ausgeführt werden.</translation>
    </message>
    <message>
        <source>Cancelling the run of “%1”…</source>
        <translation>Der Lauf von „%1“ wird abgebrochen…</translation>
    </message>
    <message>
        <source>Run paused.</source>
        <translation>Lauf angehalten.</translation>
    </message>
    <message>
        <source>Run resumed.</source>
        <translation>Lauf fortgesetzt.</translation>
    </message>
    <message>
        <source>Run %1 of “%2” completed: %3 events.</source>
        <translation>Lauf %1 von „%2“ abgeschlossen: %3 Ereignisse.</translation>
    </message>
    <message>
        <source>Run %1 of “%2” cancelled after %3 events.</source>
        <translation>Lauf %1 von „%2“ nach %3 Ereignissen abgebrochen.</translation>
    </message>
    <message>
        <source>The run of “%1” failed: %2</source>
        <translation>Der Lauf von „%1“ ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>The run of “%1” could not start.</source>
        <translation>Der Lauf von „%1“ konnte nicht gestartet werden.</translation>
    </message>
    <message>
        <source>Cancelling the run in progress before closing.</source>
        <translation>Der laufende Lauf wird vor dem Schließen abgebrochen.</translation>
    </message>
    <message>
        <source>&amp;New Project…</source>
        <translation>&amp;Neues Projekt…</translation>
    </message>
    <message>
        <source>Create an empty project file</source>
        <translation>Eine leere Projektdatei anlegen</translation>
    </message>
    <message>
        <source>&amp;Open Project…</source>
        <translation>Projekt ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open a project file</source>
        <translation>Eine Projektdatei öffnen</translation>
    </message>
    <message>
        <source>Open &amp;Scenario…</source>
        <translation>&amp;Szenario öffnen…</translation>
    </message>
    <message>
        <source>Open a scenario file in the scenario editor</source>
        <translation>Eine Szenariodatei im Szenario-Editor öffnen</translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation>Szenario &amp;speichern</translation>
    </message>
    <message>
        <source>Save the scenario editor&apos;s text</source>
        <translation>Den Text des Szenario-Editors speichern</translation>
    </message>
    <message>
        <source>Run &amp;Scenario</source>
        <translation>&amp;Szenario ausführen</translation>
    </message>
    <message>
        <source>Check the scenario in the editor and simulate it into the project</source>
        <translation>Das Szenario im Editor prüfen und in das Projekt simulieren</translation>
    </message>
    <message>
        <source>&amp;Export Report…</source>
        <translation>Bericht &amp;exportieren…</translation>
    </message>
    <message>
        <source>Write the selected experiment&apos;s comparison as an HTML or PDF report</source>
        <translation>Den Vergleich des gewählten Experiments als HTML- oder PDF-Bericht schreiben</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Run Scenario File…</source>
        <translation>Szenario&amp;datei ausführen…</translation>
    </message>
    <message>
        <source>Check a scenario file and simulate it into the project</source>
        <translation>Eine Szenariodatei prüfen und in das Projekt simulieren</translation>
    </message>
    <message>
        <source>Run &amp;Demo</source>
        <translation>&amp;Demo ausführen</translation>
    </message>
    <message>
        <source>Simulate the built-in demo scenario into the project</source>
        <translation>Das eingebaute Demo-Szenario in das Projekt simulieren</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Anhalten</translation>
    </message>
    <message>
        <source>Pause or resume the run in progress</source>
        <translation>Den laufenden Lauf anhalten oder fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>Lauf a&amp;bbrechen</translation>
    </message>
    <message>
        <source>Stop the run in progress; what it recorded so far is kept</source>
        <translation>Den laufenden Lauf beenden; bisher Aufgezeichnetes bleibt erhalten</translation>
    </message>
    <message>
        <source>&amp;About Orrery</source>
        <translation>Ü&amp;ber Orrery</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Lauf</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <source>The language applies when Orrery is restarted.</source>
        <translation>Die Sprache wird nach einem Neustart von Orrery übernommen.</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>Szenario öffnen</translation>
    </message>
    <message>
        <source>Scenario files (*.yaml *.yml);;All files (*)</source>
        <translation>Szenariodateien (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>Szenario speichern</translation>
    </message>
    <message>
        <source>Scenario files (*.yaml *.yml)</source>
        <translation>Szenariodateien (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>The scenario could not be saved to %1.</source>
        <translation>Das Szenario konnte nicht unter %1 gespeichert werden.</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>Menü &amp;leeren</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>New Project</source>
        <translation>Neues Projekt</translation>
    </message>
    <message>
        <source>Orrery projects (*.orrery)</source>
        <translation>Orrery-Projekte (*.orrery)</translation>
    </message>
    <message>
        <source>%1 is the open project; choose another name.</source>
        <translation>%1 ist das geöffnete Projekt; wählen Sie einen anderen Namen.</translation>
    </message>
    <message>
        <source>%1 could not be replaced.</source>
        <translation>%1 konnte nicht ersetzt werden.</translation>
    </message>
    <message>
        <source>Open Project</source>
        <translation>Projekt öffnen</translation>
    </message>
    <message>
        <source>Orrery projects (*.orrery);;All files (*)</source>
        <translation>Orrery-Projekte (*.orrery);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Run Scenario File</source>
        <translation>Szenariodatei ausführen</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>HTML report (*.html);;PDF report (*.pdf)</source>
        <translation>HTML-Bericht (*.html);;PDF-Bericht (*.pdf)</translation>
    </message>
    <message>
        <source>Select an experiment to export its report.</source>
        <translation>Wählen Sie ein Experiment, um seinen Bericht zu exportieren.</translation>
    </message>
    <message>
        <source>The report could not be written to %1: %2</source>
        <translation>Der Bericht konnte nicht nach %1 geschrieben werden: %2</translation>
    </message>
    <message>
        <source>The report could not be written to %1.</source>
        <translation>Der Bericht konnte nicht nach %1 geschrieben werden.</translation>
    </message>
    <message>
        <source>Wrote the report of “%1” to %2</source>
        <translation>Bericht von „%1“ nach %2 geschrieben</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Bericht nach %1 geschrieben</translation>
    </message>
    <message>
        <source>About Orrery</source>
        <translation>Über Orrery</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Orrery %1&lt;/h3&gt;&lt;p&gt;A cluster-operations console with a deterministic discrete-event simulator of heterogeneous clusters and scheduling policies loaded as plugins.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Orrery %1&lt;/h3&gt;&lt;p&gt;Eine Konsole für den Clusterbetrieb mit einem deterministischen Simulator diskreter Ereignisse für heterogene Cluster und als Plugins geladenen Scheduling-Strategien.&lt;/p&gt;&lt;p&gt;Erstellt mit Qt %2.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Service Graph</source>
        <translation>Dienstgraph</translation>
    </message>
    <message>
        <source>Traces</source>
        <translation>Traces</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation>Ü&amp;bersicht</translation>
    </message>
    <message>
        <source>&amp;Cluster</source>
        <translation>&amp;Cluster</translation>
    </message>
    <message>
        <source>Service &amp;Graph</source>
        <translation>Dienst&amp;graph</translation>
    </message>
    <message>
        <source>&amp;Traces</source>
        <translation>&amp;Traces</translation>
    </message>
    <message>
        <source>Open &amp;Trace…</source>
        <translation>&amp;Trace öffnen…</translation>
    </message>
    <message>
        <source>Read a trace file (Jaeger, OTLP or Zipkin v2 JSON) into the trace view</source>
        <translation>Eine Trace-Datei (Jaeger-, OTLP- oder Zipkin-v2-JSON) in die Trace-Ansicht laden</translation>
    </message>
    <message numerus="yes">
        <source>Read %n trace(s) from %1</source>
        <translation>
            <numerusform>%n Trace aus %1 gelesen</numerusform>
            <numerusform>%n Traces aus %1 gelesen</numerusform>
        </translation>
    </message>
    <message>
        <source>Traces loaded</source>
        <translation>Traces geladen</translation>
    </message>
    <message>
        <source>The trace file could not be read: %1</source>
        <translation>Die Trace-Datei konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>The trace file could not be read.</source>
        <translation>Die Trace-Datei konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The service graph could not be laid out: %1</source>
        <translation>Der Dienstgraph konnte nicht angeordnet werden: %1</translation>
    </message>
    <message>
        <source>Open Trace</source>
        <translation>Trace öffnen</translation>
    </message>
    <message>
        <source>Traces (Jaeger, OTLP or Zipkin JSON) (*.json);;All files (*)</source>
        <translation>Traces (Jaeger-, OTLP- oder Zipkin-JSON) (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Reading traces from %1…</source>
        <translation>Traces werden aus %1 gelesen…</translation>
    </message>
    <message>
        <source>The scenario of run %1 could not be read for the cluster view: %2</source>
        <translation>Das Szenario von Lauf %1 konnte für die Clusteransicht nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Run %1 (%2 of %3 traces)</source>
        <translation>Lauf %1 (%2 von %3 Traces)</translation>
    </message>
    <message>
        <source>Live Cluster</source>
        <translation>Live-Cluster</translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <translation>&amp;Einzelschritt</translation>
    </message>
    <message>
        <source>Pause the run and let the next %1 events run</source>
        <translation>Den Lauf anhalten und die nächsten %1 Ereignisse ausführen</translation>
    </message>
    <message>
        <source>S&amp;peed</source>
        <translation>&amp;Geschwindigkeit</translation>
    </message>
    <message>
        <source>The Cluster view shows %1 live nodes.</source>
        <translation>Die Cluster-Ansicht zeigt %1 Live-Knoten.</translation>
    </message>
    <message>
        <source>A training is in progress; cancel it before opening another project.</source>
        <translation>Ein Training läuft; brechen Sie es ab, bevor Sie ein anderes Projekt öffnen.</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Train a learning control plugin (firm) in a scenario&apos;s simulation, storing checkpoints and the model in the project</source>
        <translation>Ein lernendes Steuerungs-Plugin (firm) in der Simulation eines Szenarios trainieren und Checkpoints sowie das Modell im Projekt speichern</translation>
    </message>
    <message>
        <source>A training is already in progress.</source>
        <translation>Es läuft bereits ein Training.</translation>
    </message>
    <message>
        <source>%1 is not a trainable control plugin.</source>
        <translation>%1 ist kein trainierbares Steuerungs-Plugin.</translation>
    </message>
    <message>
        <source>%1 cannot be trained on:
%2</source>
        <translation>Mit %1 kann nicht trainiert werden:
%2</translation>
    </message>
    <message>
        <source>The scenario %1 has problems and cannot be trained on.</source>
        <translation>Das Szenario %1 hat Probleme; damit kann nicht trainiert werden.</translation>
    </message>
    <message>
        <source>Training %1 on %2 (%3 episodes).</source>
        <translation>Training von %1 mit %2 (%3 Episoden).</translation>
    </message>
    <message>
        <source>Tr&amp;ain Control Policy…</source>
        <translation>Steuerungsstrategie tr&amp;ainieren…</translation>
    </message>
    <message>
        <source>Opened the live cluster&apos;s snapshot as %1</source>
        <translation>Snapshot des Live-Clusters als %1 geöffnet</translation>
    </message>
    <message>
        <source>FlowCon</source>
        <translation>FlowCon</translation>
    </message>
    <message>
        <source>&amp;FlowCon</source>
        <translation>&amp;FlowCon</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>Leistung</translation>
    </message>
    <message>
        <source>&amp;Power</source>
        <translation>&amp;Leistung</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>P&amp;lan</source>
        <translation>&amp;Plan</translation>
    </message>
    <message>
        <source>An experiment is in progress; cancel it before opening another project.</source>
        <translation>Ein Experiment läuft; brechen Sie es ab, bevor Sie ein anderes Projekt öffnen.</translation>
    </message>
    <message>
        <source>Cancelling the experiment “%1”…</source>
        <translation>Experiment „%1“ wird abgebrochen…</translation>
    </message>
    <message>
        <source>Run E&amp;xperiment…</source>
        <translation>E&amp;xperiment ausführen…</translation>
    </message>
    <message>
        <source>Run an experiment&apos;s arms and seeds into the project, on this machine, on Slurm or on Kubernetes, and compare the arms</source>
        <translation>Die Arme und Seeds eines Experiments ins Projekt ausführen, auf diesem Rechner, auf Slurm oder auf Kubernetes, und die Arme vergleichen</translation>
    </message>
    <message>
        <source>The experiment %1 has problems and cannot be run.</source>
        <translation>Das Experiment %1 hat Fehler und kann nicht ausgeführt werden.</translation>
    </message>
    <message>
        <source>Running the experiment “%1” (%2) into the project.</source>
        <translation>Experiment „%1“ (%2) wird ins Projekt ausgeführt.</translation>
    </message>
    <message>
        <source>Cells of “%1” on %2: submitting…</source>
        <translation>Zellen von „%1“ auf %2: wird übermittelt…</translation>
    </message>
    <message>
        <source>Experiment “%1” on %2: starting…</source>
        <translation>Experiment „%1“ auf %2: wird gestartet…</translation>
    </message>
    <message>
        <source>Cells of “%1” (%2): %3 done, %4 running, %5 queued, %6 failed</source>
        <translation>Zellen von „%1“ (%2): %3 fertig, %4 laufen, %5 in der Warteschlange, %6 fehlgeschlagen</translation>
    </message>
    <message numerus="yes">
        <source>; %n cell(s) were complete before</source>
        <translation>
            <numerusform>; %n Zelle war bereits fertig</numerusform>
            <numerusform>; %n Zellen waren bereits fertig</numerusform>
        </translation>
    </message>
    <message>
        <source>Experiment “%1” completed: %2 of %3 cells; the comparison is stored.</source>
        <translation>Experiment „%1“ abgeschlossen: %2 von %3 Zellen; der Vergleich ist gespeichert.</translation>
    </message>
    <message>
        <source>Experiment “%1” cancelled: %2 of %3 cells complete (%4); run it again to resume.</source>
        <translation>Experiment „%1“ abgebrochen: %2 von %3 Zellen fertig (%4); erneut starten, um fortzusetzen.</translation>
    </message>
    <message>
        <source>Experiment “%1” failed: %2 of %3 cells complete; no comparison stored:
%4</source>
        <translation>Experiment „%1“ fehlgeschlagen: %2 von %3 Zellen fertig; kein Vergleich gespeichert:
%4</translation>
    </message>
    <message>
        <source>The experiment “%1” failed.</source>
        <translation>Das Experiment „%1“ ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>live on %1</source>
        <translation>live auf %1</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <source>&amp;Embeddings</source>
        <translation>&amp;Embeddings</translation>
    </message>
</context>
<context>
    <name>orrery::app::MetricsTableModel</name>
    <message>
        <source>Metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
</context>
<context>
    <name>orrery::app::ProjectCatalogModel</name>
    <message>
        <source>Model %1 of plugin “%2”</source>
        <translation>Modell %1 des Plugins „%2“</translation>
    </message>
    <message>
        <source>Created: %1</source>
        <translation>Erstellt: %1</translation>
    </message>
    <message>
        <source>Trained on: scenario “%1”, seed %2</source>
        <translation>Trainiert auf: Szenario „%1“, Seed %2</translation>
    </message>
    <message>
        <source>Samples: %1</source>
        <translation>Stichproben: %1</translation>
    </message>
    <message>
        <source>Size: %1</source>
        <translation>Größe: %1</translation>
    </message>
    <message>
        <source>Scenarios (%1)</source>
        <translation>Szenarien (%1)</translation>
    </message>
    <message>
        <source>Trained models (%1)</source>
        <translation>Trainierte Modelle (%1)</translation>
    </message>
    <message>
        <source>1 run</source>
        <translation>1 Lauf</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 Läufe</translation>
    </message>
    <message>
        <source>last: %1</source>
        <translation>zuletzt: %1</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>seed %1</source>
        <translation>Seed %1</translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation>%1 #%2</translation>
    </message>
    <message>
        <source>1 sample</source>
        <translation>1 Stichprobe</translation>
    </message>
    <message>
        <source>%1 samples</source>
        <translation>%1 Stichproben</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Umfang</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
</context>
<context>
    <name>orrery::app::RunData</name>
    <message>
        <source>%1: the project file no longer exists</source>
        <translation>%1: Die Projektdatei existiert nicht mehr</translation>
    </message>
</context>
<context>
    <name>orrery::app::RunListModel</name>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>Runs (%1)</source>
        <translation>Läufe (%1)</translation>
    </message>
    <message>
        <source>Experiments (%1)</source>
        <translation>Experimente (%1)</translation>
    </message>
    <message>
        <source>Run %1 of “%2”, %3
started %4</source>
        <translation>Lauf %1 von „%2“, %3
gestartet %4</translation>
    </message>
    <message>
        <source>
ended %1</source>
        <translation>
beendet %1</translation>
    </message>
    <message>
        <source>not compared yet</source>
        <translation>noch nicht verglichen</translation>
    </message>
    <message>
        <source>compared</source>
        <translation>verglichen</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 vs. %2</translation>
    </message>
    <message numerus="yes">
        <source>Experiment %1 “%2”, %n run(s), %3
scenario %4
created %5</source>
        <translation>
            <numerusform>Experiment %1 „%2“, %n Lauf, %3
Szenario %4
angelegt %5</numerusform>
            <numerusform>Experiment %1 „%2“, %n Läufe, %3
Szenario %4
angelegt %5</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n Lauf</numerusform>
            <numerusform>%n Läufe</numerusform>
        </translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Policies</source>
        <translation>Richtlinien</translation>
    </message>
</context>
<context>
    <name>orrery::app::RunProgressPanel</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the run; what it recorded so far stays in the project (Esc)</source>
        <translation>Den Lauf beenden; das bisher Aufgezeichnete bleibt im Projekt (Esc)</translation>
    </message>
    <message>
        <source>Simulating “%1”: %2 of %3 h, %4 events</source>
        <translation>Simuliere „%1“: %2 von %3 h, %4 Ereignisse</translation>
    </message>
    <message>
        <source> — cancelling…</source>
        <translation> — wird abgebrochen…</translation>
    </message>
    <message>
        <source> — paused</source>
        <translation> — angehalten</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Pause and run the next %1 events (F7)</source>
        <translation>Anhalten und die nächsten %1 Ereignisse ausführen (F7)</translation>
    </message>
    <message>
        <source>Simulated time per wall-clock time</source>
        <translation>Simulierte Zeit je Echtzeit</translation>
    </message>
    <message>
        <source>As fast as possible</source>
        <translation>So schnell wie möglich</translation>
    </message>
    <message>
        <source>%1× real time</source>
        <translation>%1× Echtzeit</translation>
    </message>
</context>
<context>
    <name>orrery::app::RunView</name>
    <message>
        <source>CPU allocated</source>
        <translation>Zugewiesene CPU</translation>
    </message>
    <message>
        <source>Memory allocated</source>
        <translation>Zugewiesener Speicher</translation>
    </message>
    <message>
        <source>GPUs allocated</source>
        <translation>Zugewiesene GPUs</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Wartend</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Laufend</translation>
    </message>
    <message>
        <source>Cluster allocation</source>
        <translation>Clusterbelegung</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Loading run %1…</source>
        <translation>Lauf %1 wird geladen…</translation>
    </message>
    <message>
        <source>Select a run in the project explorer, or start one from the Run menu.</source>
        <translation>Wählen Sie einen Lauf im Projekt-Explorer aus oder starten Sie einen über das Menü „Lauf“.</translation>
    </message>
    <message>
        <source>Run %1 could not be read:
%2</source>
        <translation>Lauf %1 konnte nicht gelesen werden:
%2</translation>
    </message>
    <message>
        <source>The project has no run %1.</source>
        <translation>Das Projekt enthält keinen Lauf %1.</translation>
    </message>
    <message>
        <source>Run %1 — %2</source>
        <translation>Lauf %1 — %2</translation>
    </message>
    <message>
        <source>%1 · seed %2 · horizon %3 h · %4 · started %5</source>
        <translation>%1 · Seed %2 · Horizont %3 h · %4 · gestartet %5</translation>
    </message>
    <message>
        <source>simulated time (h)</source>
        <translation>simulierte Zeit (h)</translation>
    </message>
    <message>
        <source>simulated time (min)</source>
        <translation>simulierte Zeit (min)</translation>
    </message>
    <message>
        <source>% of capacity</source>
        <translation>% der Kapazität</translation>
    </message>
    <message>
        <source>count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Recorded by the run as policy.label annotations: the class the control policy reported for each target over time (e.g. AWARE&apos;s lifecycle stage: offline, online, serving). Hover a band for its class and stretch.</source>
        <translation>Vom Lauf als policy.label-Annotationen aufgezeichnet: die Klasse, die die Steuerungsstrategie im Lauf der Zeit für jedes Ziel meldete (z. B. die Lebenszyklusphase von AWARE: offline, online, serving). Fahren Sie mit der Maus über ein Band, um Klasse und Zeitspanne zu sehen.</translation>
    </message>
    <message>
        <source>Shaded: the control policy&apos;s class of %1 over time.</source>
        <translation>Schattiert: die Klasse der Steuerungsstrategie für %1 im Lauf der Zeit.</translation>
    </message>
    <message numerus="yes">
        <source>Shaded: the control policy&apos;s class of its %n targets over time; all held the same classes at the same times.</source>
        <translation>
            <numerusform>Schattiert: die Klasse der Steuerungsstrategie für ihr %n Ziel im Lauf der Zeit; alle hatten zur selben Zeit dieselben Klassen.</numerusform>
            <numerusform>Schattiert: die Klasse der Steuerungsstrategie für ihre %n Ziele im Lauf der Zeit; alle hatten zur selben Zeit dieselben Klassen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Shaded: the control policy&apos;s class of %1 over time, the first in name order of %n labelled targets; the others are not shown.</source>
        <translation>
            <numerusform>Schattiert: die Klasse der Steuerungsstrategie für %1 im Lauf der Zeit, dem ersten nach Namen von %n klassifizierten Ziel; die anderen werden nicht gezeigt.</numerusform>
            <numerusform>Schattiert: die Klasse der Steuerungsstrategie für %1 im Lauf der Zeit, dem ersten nach Namen von %n klassifizierten Zielen; die anderen werden nicht gezeigt.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>orrery::app::ScenarioEditor</name>
    <message>
        <source>No scenario</source>
        <translation>Kein Szenario</translation>
    </message>
    <message>
        <source>No file name</source>
        <translation>Kein Dateiname</translation>
    </message>
    <message>
        <source>Valid scenario</source>
        <translation>Gültiges Szenario</translation>
    </message>
    <message>
        <source>1 problem</source>
        <translation>1 Problem</translation>
    </message>
    <message>
        <source>%1 problems</source>
        <translation>%1 Probleme</translation>
    </message>
</context>
<context>
    <name>orrery::app::ScenarioViewsData</name>
    <message>
        <source>Run %1 has no scenario.</source>
        <translation>Lauf %1 hat kein Szenario.</translation>
    </message>
</context>
<context>
    <name>orrery::app::ServingPowerView</name>
    <message>
        <source>The model whose latency and power curves are drawn</source>
        <translation>Das Modell, dessen Latenz- und Leistungskurven gezeichnet werden</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>Latency against SM clock (calibrated model)</source>
        <translation>Latenz gegenüber SM-Takt (kalibriertes Modell)</translation>
    </message>
    <message>
        <source>SM clock (MHz)</source>
        <translation>SM-Takt (MHz)</translation>
    </message>
    <message>
        <source>Latency (s)</source>
        <translation>Latenz (s)</translation>
    </message>
    <message>
        <source>Device power against SM clock</source>
        <translation>Geräteleistung gegenüber SM-Takt</translation>
    </message>
    <message>
        <source>Power (W)</source>
        <translation>Leistung (W)</translation>
    </message>
    <message>
        <source>Power per device over the run</source>
        <translation>Leistung je Gerät während des Laufs</translation>
    </message>
    <message>
        <source>Simulated time (s)</source>
        <translation>Simulierte Zeit (s)</translation>
    </message>
    <message>
        <source>p99 latency / SLO per device (above 1: SLO missed)</source>
        <translation>p99-Latenz / SLO je Gerät (über 1: SLO verfehlt)</translation>
    </message>
    <message>
        <source>p99 / SLO</source>
        <translation>p99 / SLO</translation>
    </message>
    <message>
        <source>Select a run of a model-serving scenario (kind: model-serving) to see its power and latency curves.</source>
        <translation>Wählen Sie einen Lauf eines Szenarios mit Modellbereitstellung (kind: model-serving) aus, um seine Leistungs- und Latenzkurven zu sehen.</translation>
    </message>
    <message>
        <source>Run %1 could not be read: %2</source>
        <translation>Lauf %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Run %1 serves no models (kind: model-serving).</source>
        <translation>Lauf %1 stellt keine Modelle bereit (kind: model-serving).</translation>
    </message>
    <message>
        <source>Run %1 is not in the project.</source>
        <translation>Lauf %1 ist nicht im Projekt.</translation>
    </message>
    <message numerus="yes">
        <source>Run %1: %n model(s)</source>
        <translation>
            <numerusform>Lauf %1: %n Modell</numerusform>
            <numerusform>Lauf %1: %n Modelle</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n %1 device(s)</source>
        <translation>
            <numerusform>%n %1-Gerät</numerusform>
            <numerusform>%n %1-Geräte</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2 output tokens</source>
        <translation>%1, %2 Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>SLO (%1 × latency at %2 MHz)</source>
        <translation>SLO (%1 × Latenz bei %2 MHz)</translation>
    </message>
    <message>
        <source>serving</source>
        <translation>unter Last</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>im Leerlauf</translation>
    </message>
    <message>
        <source>clock held (%1 MHz, %2)</source>
        <translation>gehaltener Takt (%1 MHz, %2)</translation>
    </message>
    <message>
        <source>Fleet</source>
        <translation>Flotte</translation>
    </message>
    <message>
        <source>Cost by GPU type (cumulative)</source>
        <translation>Kosten nach GPU-Typ (kumuliert)</translation>
    </message>
    <message>
        <source>Cost (USD)</source>
        <translation>Kosten (USD)</translation>
    </message>
    <message>
        <source>SLO violations per control period</source>
        <translation>SLO-Verletzungen je Regelperiode</translation>
    </message>
    <message>
        <source>Share of requests missing the SLO</source>
        <translation>Anteil der Anfragen, die das SLO verfehlen</translation>
    </message>
    <message>
        <source>Replicas per GPU (hover: which models)</source>
        <translation>Replikate je GPU (Mauszeiger: welche Modelle)</translation>
    </message>
    <message>
        <source>%1: %2 USD by the end of the run</source>
        <translation>%1: %2 USD bis zum Ende des Laufs</translation>
    </message>
    <message>
        <source>SLO violations</source>
        <translation>SLO-Verletzungen</translation>
    </message>
</context>
<context>
    <name>orrery::app::ServingRunData</name>
    <message>
        <source>%1: the project file no longer exists</source>
        <translation>%1: Die Projektdatei existiert nicht mehr</translation>
    </message>
</context>
<context>
    <name>orrery::app::StrlPlanCanvas</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Nodes: %1</source>
        <translation>Knoten: %1</translation>
    </message>
    <message>
        <source>Start %1, end %2 (%3)</source>
        <translation>Start %1, Ende %2 (%3)</translation>
    </message>
    <message>
        <source>Planned in cycle %1 (at %2) for the future; re-planned every cycle</source>
        <translation>In Zyklus %1 (bei %2) für die Zukunft geplant; wird in jedem Zyklus neu geplant</translation>
    </message>
    <message>
        <source>Slowdown ×%1: not on its preferred placement</source>
        <translation>Verlangsamung ×%1: nicht auf seiner bevorzugten Platzierung</translation>
    </message>
    <message>
        <source>Slowdown ×1: on its preferred placement</source>
        <translation>Verlangsamung ×1: auf seiner bevorzugten Platzierung</translation>
    </message>
    <message>
        <source>Submitted at %1</source>
        <translation>Eingereicht bei %1</translation>
    </message>
    <message>
        <source>Click for its STRL expression</source>
        <translation>Klicken für seinen STRL-Ausdruck</translation>
    </message>
    <message>
        <source>no rack</source>
        <translation>kein Rack</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Rack / node</source>
        <translation>Rack / Knoten</translation>
    </message>
</context>
<context>
    <name>orrery::app::StrlPlanView</name>
    <message>
        <source>gpu: faster with a GPU on every node</source>
        <translation>gpu: schneller mit einer GPU auf jedem Knoten</translation>
    </message>
    <message>
        <source>mpi: faster within one rack</source>
        <translation>mpi: schneller innerhalb eines Racks</translation>
    </message>
    <message>
        <source>availability: one node on each of k racks</source>
        <translation>availability: je ein Knoten auf k Racks</translation>
    </message>
    <message>
        <source>slo: worth its value only by its deadline</source>
        <translation>slo: seinen Wert nur bis zu seiner Deadline wert</translation>
    </message>
    <message>
        <source>best-effort: worth less the later it ends</source>
        <translation>best-effort: umso weniger wert, je später er endet</translation>
    </message>
    <message>
        <source>Cycle:</source>
        <translation>Zyklus:</translation>
    </message>
    <message>
        <source>The scheduling cycle whose plan for the future is drawn as hatched blocks</source>
        <translation>Der Scheduling-Zyklus, dessen Plan für die Zukunft als schraffierte Blöcke gezeichnet wird</translation>
    </message>
    <message>
        <source>−</source>
        <translation>−</translation>
    </message>
    <message>
        <source>Zoom out on the time axis (−; Ctrl+wheel)</source>
        <translation>Zeitachse herauszoomen (−; Strg+Mausrad)</translation>
    </message>
    <message>
        <source>+</source>
        <translation>+</translation>
    </message>
    <message>
        <source>Zoom in on the time axis (+; Ctrl+wheel)</source>
        <translation>Zeitachse hineinzoomen (+; Strg+Mausrad)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>The whole run across the width (0)</source>
        <translation>Den ganzen Lauf über die volle Breite (0)</translation>
    </message>
    <message>
        <source>STRL expression of the selected job</source>
        <translation>STRL-Ausdruck des ausgewählten Jobs</translation>
    </message>
    <message>
        <source>Generated at:</source>
        <translation>Erzeugt in:</translation>
    </message>
    <message>
        <source>its first cycle after submission</source>
        <translation>seinem ersten Zyklus nach der Einreichung</translation>
    </message>
    <message>
        <source>the cycle it started</source>
        <translation>dem Zyklus, in dem er startete</translation>
    </message>
    <message>
        <source>Each cycle regenerates a pending job&apos;s expression over the window starting then</source>
        <translation>Jeder Zyklus erzeugt den Ausdruck eines wartenden Jobs neu, über das dann beginnende Fenster</translation>
    </message>
    <message>
        <source>Expression</source>
        <translation>Ausdruck</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Menge</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>Start (s)</source>
        <translation>Start (s)</translation>
    </message>
    <message>
        <source>Duration (s)</source>
        <translation>Dauer (s)</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Select a run of a strl-jobs scenario (kind: strl-jobs) to see its space-time plan: the placements that ran and, per scheduling cycle, the ones TetriSched planned ahead.</source>
        <translation>Wählen Sie einen Lauf eines strl-jobs-Szenarios (kind: strl-jobs) aus, um seinen Raum-Zeit-Plan zu sehen: die Platzierungen, die liefen, und je Scheduling-Zyklus diejenigen, die TetriSched vorausgeplant hat.</translation>
    </message>
    <message>
        <source>Run %1 could not be read: %2</source>
        <translation>Lauf %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Run %1 has no strl-jobs workload (kind: strl-jobs), so there is no space-time plan to show.</source>
        <translation>Lauf %1 hat keinen strl-jobs-Workload (kind: strl-jobs), daher gibt es keinen Raum-Zeit-Plan zu zeigen.</translation>
    </message>
    <message>
        <source>Run %1 is not in the project.</source>
        <translation>Lauf %1 ist nicht im Projekt.</translation>
    </message>
    <message>
        <source>no placement policy</source>
        <translation>keine Platzierungsstrategie</translation>
    </message>
    <message numerus="yes">
        <source>%1: plan-ahead window of %n slice(s)</source>
        <translation>
            <numerusform>%1: Vorausplanungsfenster von %n Zeitscheibe</numerusform>
            <numerusform>%1: Vorausplanungsfenster von %n Zeitscheiben</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 places jobs one at a time and plans nothing ahead</source>
        <translation>%1 platziert Jobs einzeln und plant nichts voraus</translation>
    </message>
    <message numerus="yes">
        <source>Run %1, workload %2: %n placement(s) ran</source>
        <translation>
            <numerusform>Lauf %1, Workload %2: %n Platzierung lief</numerusform>
            <numerusform>Lauf %1, Workload %2: %n Platzierungen liefen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cycle(s)</source>
        <translation>
            <numerusform>%n Zyklus</numerusform>
            <numerusform>%n Zyklen</numerusform>
        </translation>
    </message>
    <message>
        <source>Filled: placements that ran (faded: started after the chosen cycle). Hatched with a dashed outline: the chosen cycle&apos;s plan for later cycles. Red line: the cycle&apos;s time.</source>
        <translation>Gefüllt: Platzierungen, die liefen (blass: nach dem gewählten Zyklus gestartet). Schraffiert mit gestricheltem Umriss: der Plan des gewählten Zyklus für spätere Zyklen. Rote Linie: der Zeitpunkt des Zyklus.</translation>
    </message>
    <message>
        <source>Click a block to see its job&apos;s STRL expression.</source>
        <translation>Klicken Sie auf einen Block, um den STRL-Ausdruck seines Jobs zu sehen.</translation>
    </message>
    <message>
        <source>at %1 s: the policy records no plan</source>
        <translation>bei %1 s: Die Strategie zeichnet keinen Plan auf</translation>
    </message>
    <message numerus="yes">
        <source>at %1 s: %n placement(s) planned for later cycles</source>
        <translation>
            <numerusform>bei %1 s: %n Platzierung für spätere Zyklen geplant</numerusform>
            <numerusform>bei %1 s: %n Platzierungen für spätere Zyklen geplant</numerusform>
        </translation>
    </message>
    <message>
        <source>at %1 s: nothing planned ahead</source>
        <translation>bei %1 s: nichts vorausgeplant</translation>
    </message>
    <message numerus="yes">
        <source>%1 — class %2 (%3), %n node(s)</source>
        <translation>
            <numerusform>%1 — Klasse %2 (%3), %n Knoten</numerusform>
            <numerusform>%1 — Klasse %2 (%3), %n Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 s preferred run time, submitted at %2 s</source>
        <translation>%1 s bevorzugte Laufzeit, eingereicht bei %2 s</translation>
    </message>
    <message>
        <source>Neither job %1 nor its class is in the run&apos;s scenario, so its expression cannot be rebuilt.</source>
        <translation>Weder Job %1 noch seine Klasse ist im Szenario des Laufs, daher kann sein Ausdruck nicht neu aufgebaut werden.</translation>
    </message>
    <message numerus="yes">
        <source>window of %n slice(s)</source>
        <translation>
            <numerusform>Fenster von %n Zeitscheibe</numerusform>
            <numerusform>Fenster von %n Zeitscheiben</numerusform>
        </translation>
    </message>
    <message>
        <source>Rebuilt, not recorded (runs store no expressions): core/strl&apos;s generator applied to the job as the run&apos;s scenario submits it (same seed, same job stream), at its first cycle after submission (t = %1 s) with a %2 — what the policy planned with then. Each later cycle regenerates it with later starts.</source>
        <translation>Neu aufgebaut, nicht aufgezeichnet (Läufe speichern keine Ausdrücke): der Generator von core/strl, angewandt auf den Job, wie ihn das Szenario des Laufs einreicht (gleicher Seed, gleicher Jobstrom), in seinem ersten Zyklus nach der Einreichung (t = %1 s) mit einem %2 — womit die Strategie damals plante. Jeder spätere Zyklus erzeugt ihn mit späteren Starts neu.</translation>
    </message>
    <message>
        <source>Rebuilt, not recorded (runs store no expressions): core/strl&apos;s generator applied to the job as the run&apos;s scenario submits it, at the cycle it started (t = %1 s) with a %2. Bold: the option that ran.</source>
        <translation>Neu aufgebaut, nicht aufgezeichnet (Läufe speichern keine Ausdrücke): der Generator von core/strl, angewandt auf den Job, wie ihn das Szenario des Laufs einreicht, in dem Zyklus, in dem er startete (t = %1 s), mit einem %2. Fett: die Option, die lief.</translation>
    </message>
    <message>
        <source>Not exact: job %1 is not in the job stream the run&apos;s scenario draws, so this is the expression of its class with the class&apos;s nominal run time at the job&apos;s recorded start (t = %2 s), with a %3.</source>
        <translation>Nicht exakt: Job %1 ist nicht im Jobstrom, den das Szenario des Laufs zieht, daher ist dies der Ausdruck seiner Klasse mit der nominalen Laufzeit der Klasse zum aufgezeichneten Start des Jobs (t = %2 s), mit einem %3.</translation>
    </message>
    <message>
        <source>The job never started, so this is its first cycle&apos;s expression.</source>
        <translation>Der Job startete nie, daher ist dies der Ausdruck seines ersten Zyklus.</translation>
    </message>
    <message>
        <source>The run&apos;s policy (%1) does not plan with STRL: this is what TetriSched&apos;s generator would ask for.</source>
        <translation>Die Strategie des Laufs (%1) plant nicht mit STRL: Dies ist, was der Generator von TetriSched anfordern würde.</translation>
    </message>
    <message>
        <source>%1 — ran</source>
        <translation>%1 — lief</translation>
    </message>
    <message>
        <source>Worth %1 when any %2 node(s) of %3 are held from %4 s for %5 s</source>
        <translation>Wert %1, wenn beliebige %2 Knoten aus %3 ab %4 s für %5 s belegt sind</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n option(s)</source>
        <translation>
            <numerusform>%1 · %n Option</numerusform>
            <numerusform>%1 · %n Optionen</numerusform>
        </translation>
    </message>
    <message>
        <source>Worth its best option; at most one option is granted</source>
        <translation>Wert seiner besten Option; höchstens eine Option wird gewährt</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n part(s)</source>
        <translation>
            <numerusform>%1 · %n Teil</numerusform>
            <numerusform>%1 · %n Teile</numerusform>
        </translation>
    </message>
    <message>
        <source>All parts are granted or none; worth its smallest part</source>
        <translation>Alle Teile werden gewährt oder keiner; Wert seines kleinsten Teils</translation>
    </message>
    <message>
        <source>Worth the sum of its granted parts</source>
        <translation>Wert der Summe seiner gewährten Teile</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Worth its part&apos;s value times %1</source>
        <translation>Wert seines Teils mal %1</translation>
    </message>
    <message>
        <source>%1 ≥ %2</source>
        <translation>%1 ≥ %2</translation>
    </message>
    <message>
        <source>Worth %1 when its part is worth at least %1, else nothing</source>
        <translation>Wert %1, wenn sein Teil mindestens %1 wert ist, sonst nichts</translation>
    </message>
</context>
<context>
    <name>orrery::app::TrainControlDialog</name>
    <message>
        <source>Train Control Policy</source>
        <translation>Steuerungsstrategie trainieren</translation>
    </message>
    <message>
        <source>the scenario editor&apos;s text</source>
        <translation>der Text im Szenario-Editor</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Scenario to Train On</source>
        <translation>Szenario für das Training</translation>
    </message>
    <message>
        <source>Scenarios (*.yaml *.yml)</source>
        <translation>Szenarien (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>the scenario&apos;s</source>
        <translation>der des Szenarios</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>One for all</source>
        <translation>Eines für alle</translation>
    </message>
    <message>
        <source>One for each</source>
        <translation>Eines für jedes</translation>
    </message>
    <message>
        <source>Transfer (from the latest model)</source>
        <translation>Transfer (vom neuesten Modell)</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>Trainieren</translation>
    </message>
    <message>
        <source>Plugin:</source>
        <translation>Plugin:</translation>
    </message>
    <message>
        <source>Scenario:</source>
        <translation>Szenario:</translation>
    </message>
    <message>
        <source>Episodes:</source>
        <translation>Episoden:</translation>
    </message>
    <message>
        <source>Steps per episode:</source>
        <translation>Schritte pro Episode:</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>Seed:</translation>
    </message>
    <message>
        <source>Checkpoint every:</source>
        <translation>Checkpoint alle:</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
</context>
<context>
    <name>orrery::app::TrainingDock</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>No training yet: Run ▸ Train Control Policy…</source>
        <translation>Noch kein Training: Lauf ▸ Steuerungsstrategie trainieren…</translation>
    </message>
    <message>
        <source>Mean reward per episode</source>
        <translation>Mittlere Belohnung pro Episode</translation>
    </message>
    <message>
        <source>Episode</source>
        <translation>Episode</translation>
    </message>
    <message>
        <source>Mean reward</source>
        <translation>Mittlere Belohnung</translation>
    </message>
    <message>
        <source>Steps per episode</source>
        <translation>Schritte pro Episode</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Training %1 on “%2”: %3 episodes of up to %4 steps, seed %5, %6</source>
        <translation>Training von %1 mit „%2“: %3 Episoden mit bis zu %4 Schritten, Seed %5, %6</translation>
    </message>
    <message>
        <source>Episode 0 of %1</source>
        <translation>Episode 0 von %1</translation>
    </message>
    <message>
        <source>Training: checkpoint of episode %1 stored as model %2.</source>
        <translation>Training: Checkpoint von Episode %1 als Modell %2 gespeichert.</translation>
    </message>
    <message>
        <source>Cancelling after the current episode…</source>
        <translation>Abbruch nach der laufenden Episode…</translation>
    </message>
    <message>
        <source>Episode %1 of %2 — ETA %3</source>
        <translation>Episode %1 von %2 — noch %3</translation>
    </message>
    <message>
        <source>Episode %1: mean reward %2 over %3 steps; %4 elapsed</source>
        <translation>Episode %1: mittlere Belohnung %2 über %3 Schritte; %4 vergangen</translation>
    </message>
    <message>
        <source>Training failed: %1</source>
        <translation>Training fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Training cancelled after %1 episode(s); %2 checkpoint(s) kept, no final model.</source>
        <translation>Training nach %1 Episode(n) abgebrochen; %2 Checkpoint(s) behalten, kein endgültiges Modell.</translation>
    </message>
    <message>
        <source>Cancelled at episode %1 of %2</source>
        <translation>Abgebrochen bei Episode %1 von %2</translation>
    </message>
    <message>
        <source>Training done in %1: model %2 stored (%3 checkpoint(s)).</source>
        <translation>Training in %1 fertig: Modell %2 gespeichert (%3 Checkpoint(s)).</translation>
    </message>
    <message>
        <source>Done: %1 episodes</source>
        <translation>Fertig: %1 Episoden</translation>
    </message>
    <message>
        <source>Mean reward per agent</source>
        <translation>Mittlere Belohnung pro Agent</translation>
    </message>
    <message>
        <source>+%1 functions (episode %2)</source>
        <translation>+%1 Funktionen (Episode %2)</translation>
    </message>
    <message>
        <source>%1 functions (episode %2)</source>
        <translation>%1 Funktionen (Episode %2)</translation>
    </message>
    <message>
        <source>%1 of %2 agents converged (mean reward of the last 20 episodes within 2 % of the 20 before, since the last churn)</source>
        <translation>%1 von %2 Agenten konvergiert (mittlere Belohnung der letzten 20 Episoden innerhalb von 2 % der 20 davor, seit der letzten Änderung der Funktionen)</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::CdfChart</name>
    <message>
        <source>fraction of runs ≤ x</source>
        <translation>Anteil der Läufe ≤ x</translation>
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
        <translation>Speicher</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>Leistung</translation>
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
        <translation>nur CPU</translation>
    </message>
    <message>
        <source>Pool: %1</source>
        <translation>Pool: %1</translation>
    </message>
    <message>
        <source>Devices: %1</source>
        <translation>Geräte: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>CPU: %1 / %2 cores</source>
        <translation>CPU: %1 / %2 Kerne</translation>
    </message>
    <message>
        <source>Memory: %1 / %2 GiB</source>
        <translation>Speicher: %1 / %2 GiB</translation>
    </message>
    <message>
        <source>%1: %2 / %3</source>
        <translation>%1: %2 / %3</translation>
    </message>
    <message>
        <source>%1 utilization</source>
        <translation>%1-Auslastung</translation>
    </message>
    <message>
        <source>0 %</source>
        <translation>0 %</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>keine Daten</translation>
    </message>
    <message>
        <source>100 %</source>
        <translation>100 %</translation>
    </message>
    <message>
        <source>Colour by %1</source>
        <translation>Färben nach %1</translation>
    </message>
    <message>
        <source>%1 — %2 nodes, %3</source>
        <translation>%1 — %2 Knoten, %3</translation>
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
        <translation>%1 ist der Referenzarm: Die anderen werden mit ihm verglichen.</translation>
    </message>
    <message>
        <source>median(%1) / median(%2) with its 95% bootstrap confidence interval</source>
        <translation>Median(%1) / Median(%2) mit 95-%-Bootstrap-Konfidenzintervall</translation>
    </message>
    <message>
        <source>mean(%1) / mean(%2), for latency-like metrics only: above 1 means %2 is faster</source>
        <translation>Mittelwert(%1) / Mittelwert(%2), nur für latenzartige Metriken: über 1 heißt, %2 ist schneller</translation>
    </message>
    <message>
        <source>Arm</source>
        <translation>Arm</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Ratio of medians [95% CI]</source>
        <translation>Verhältnis der Mediane [95-%-KI]</translation>
    </message>
    <message>
        <source>Ratio of medians to %1 [95% CI]</source>
        <translation>Verhältnis der Mediane zu %1 [95-%-KI]</translation>
    </message>
    <message>
        <source>Mann–Whitney p</source>
        <translation>Mann-Whitney-p</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>Beschleunigung</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ComparisonView</name>
    <message>
        <source>&amp;Metric:</source>
        <translation>&amp;Metrik:</translation>
    </message>
    <message>
        <source>&amp;Sweep point:</source>
        <translation>&amp;Sweep-Punkt:</translation>
    </message>
    <message>
        <source>CDF</source>
        <translation>Verteilungsfunktion</translation>
    </message>
    <message>
        <source>Box plot</source>
        <translation>Boxplot</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>Sweep</translation>
    </message>
    <message>
        <source>Time series</source>
        <translation>Zeitreihe</translation>
    </message>
    <message>
        <source>Experiment %1 — %2</source>
        <translation>Experiment %1 — %2</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1 (Referenz)</translation>
    </message>
    <message>
        <source>Arms: %1</source>
        <translation>Arme: %1</translation>
    </message>
    <message>
        <source>scenario %1</source>
        <translation>Szenario %1</translation>
    </message>
    <message>
        <source>sweep over %1</source>
        <translation>Sweep über %1</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n Lauf</numerusform>
            <numerusform>%n Läufe</numerusform>
        </translation>
    </message>
    <message>
        <source>Scenario file: %1</source>
        <translation>Szenariodatei: %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>(no sweep)</source>
        <translation>(kein Sweep)</translation>
    </message>
    <message>
        <source>&amp;%1:</source>
        <translation>&amp;%1:</translation>
    </message>
    <message>
        <source>The experiment has no sweep.</source>
        <translation>Das Experiment hat keinen Sweep.</translation>
    </message>
    <message>
        <source>Mean %1 by %2</source>
        <translation>Mittelwert von %1 nach %2</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <source>mean (%1)</source>
        <translation>Mittelwert (%1)</translation>
    </message>
    <message>
        <source> at %1 = %2</source>
        <translation> bei %1 = %2</translation>
    </message>
    <message>
        <source>Distribution of %1 over runs%2</source>
        <translation>Verteilung von %1 über die Läufe%2</translation>
    </message>
    <message>
        <source>%1 per arm%2</source>
        <translation>%1 je Arm%2</translation>
    </message>
    <message>
        <source>Per item</source>
        <translation>Je Element</translation>
    </message>
    <message>
        <source>No metric family such as fn.*.latency.p99 (one metric per item).</source>
        <translation>Keine Metrikfamilie wie fn.*.latency.p99 (eine Metrik je Element).</translation>
    </message>
    <message>
        <source>%1: mean over runs, per item and arm</source>
        <translation>%1: Mittelwert über die Läufe, je Element und Arm</translation>
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
        <translation>&amp;Projektion:</translation>
    </message>
    <message>
        <source>&amp;Colour by:</source>
        <translation>&amp;Färben nach:</translation>
    </message>
    <message>
        <source>k-shot adaptation</source>
        <translation>k-Shot-Anpassung</translation>
    </message>
    <message>
        <source>Episode</source>
        <translation>Episode</translation>
    </message>
    <message>
        <source>Reward</source>
        <translation>Belohnung</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>current workload (adapting)</source>
        <translation>aktuelle Workload (in Anpassung)</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>other</source>
        <translation>andere</translation>
    </message>
    <message>
        <source>current</source>
        <translation>aktuell</translation>
    </message>
    <message>
        <source>Workload embeddings</source>
        <translation>Workload-Embeddings</translation>
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
        <translation>HK1 (%1 %)</translation>
    </message>
    <message>
        <source>PC2 (%1 %)</source>
        <translation>HK2 (%1 %)</translation>
    </message>
    <message>
        <source>No embeddings</source>
        <translation>Keine Embeddings</translation>
    </message>
    <message>
        <source>Computing t-SNE of %1 points… (PCA shown meanwhile)</source>
        <translation>Berechne t-SNE von %1 Punkten… (bis dahin wird PCA gezeigt)</translation>
    </message>
    <message>
        <source>t-SNE of %1 points of %2 dimensions: perplexity %3, %4 steps, seed %5, KL %6</source>
        <translation>t-SNE von %1 Punkten mit %2 Dimensionen: Perplexität %3, %4 Schritte, Seed %5, KL %6</translation>
    </message>
    <message>
        <source>PCA of %1 points of %2 dimensions: PC1 %3 %, PC2 %4 % of the variance</source>
        <translation>PCA von %1 Punkten mit %2 Dimensionen: HK1 %3 %, HK2 %4 % der Varianz</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::FleetHeatMap</name>
    <message numerus="yes">
        <source>%1 at %2 s: %n replica(s)</source>
        <translation>
            <numerusform>%1 um %2 s: %n Replikat</numerusform>
            <numerusform>%1 um %2 s: %n Replikate</numerusform>
        </translation>
    </message>
    <message>
        <source>No replica series</source>
        <translation>Keine Replikat-Zeitreihe</translation>
    </message>
    <message>
        <source>replicas</source>
        <translation>Replikate</translation>
    </message>
    <message>
        <source>Simulated time (s)</source>
        <translation>Simulierte Zeit (s)</translation>
    </message>
    <message>
        <source>Export Chart…</source>
        <translation>Diagramm exportieren…</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Bild (*.svg)</translation>
    </message>
    <message>
        <source>%1 could not be written.</source>
        <translation>%1 konnte nicht geschrieben werden.</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::LogView</name>
    <message>
        <source>warning: </source>
        <translation>Warnung: </translation>
    </message>
    <message>
        <source>error: </source>
        <translation>Fehler: </translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ServiceGraphCanvas</name>
    <message>
        <source>p99 latency (log scale)</source>
        <translation>p99-Latenz (logarithmisch)</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>Auslastung</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>keine Daten</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>critical path</source>
        <translation>kritischer Pfad</translation>
    </message>
    <message>
        <source>critical component</source>
        <translation>kritische Komponente</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ServiceGraphScene</name>
    <message>
        <source>p99 %1 ms</source>
        <translation>p99 %1 ms</translation>
    </message>
    <message>
        <source>%1 % utilized</source>
        <translation>%1 % ausgelastet</translation>
    </message>
    <message>
        <source>p99 latency</source>
        <translation>p99-Latenz</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>Auslastung</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Relative importance (RI)</source>
        <translation>Relative Bedeutung (RI)</translation>
    </message>
    <message>
        <source>Congestion intensity (CI)</source>
        <translation>Stauintensität (CI)</translation>
    </message>
    <message>
        <source>Called by</source>
        <translation>Aufgerufen von</translation>
    </message>
    <message numerus="yes">
        <source>%n service(s)</source>
        <translation>
            <numerusform>%n Dienst</numerusform>
            <numerusform>%n Dienste</numerusform>
        </translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Ruft auf</translation>
    </message>
    <message>
        <source>On the critical path</source>
        <translation>Auf dem kritischen Pfad</translation>
    </message>
    <message>
        <source>Critical component</source>
        <translation>Kritische Komponente</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1 calls/s</source>
        <translation>%1 Aufrufe/s</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) observed</source>
        <translation>
            <numerusform>%n Aufruf beobachtet</numerusform>
            <numerusform>%n Aufrufe beobachtet</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ServiceGraphView</name>
    <message>
        <source>p99 latency</source>
        <translation>p99-Latenz</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>Auslastung</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Fit the whole graph into view (F)</source>
        <translation>Den ganzen Graphen einpassen (F)</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Save the graph as a PNG or SVG image</source>
        <translation>Den Graphen als PNG- oder SVG-Bild speichern</translation>
    </message>
    <message>
        <source>Colour by:</source>
        <translation>Färben nach:</translation>
    </message>
    <message>
        <source>Click a service to see its metrics.</source>
        <translation>Klicken Sie auf einen Dienst, um seine Metriken zu sehen.</translation>
    </message>
    <message numerus="yes">
        <source>Laying out %n service(s)…</source>
        <translation>
            <numerusform>%n Dienst wird angeordnet…</numerusform>
            <numerusform>%n Dienste werden angeordnet…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n service(s), %2 call(s); layout by %3</source>
        <translation>
            <numerusform>%1: %n Dienst, %2 Aufrufbeziehung(en); Layout mit %3</numerusform>
            <numerusform>%1: %n Dienste, %2 Aufrufbeziehung(en); Layout mit %3</numerusform>
        </translation>
    </message>
    <message>
        <source>Service graph</source>
        <translation>Dienstgraph</translation>
    </message>
    <message>
        <source>No service graph: open a scenario with a service graph, a run, or a trace.</source>
        <translation>Kein Dienstgraph: Öffnen Sie ein Szenario mit Dienstgraph, einen Lauf oder einen Trace.</translation>
    </message>
    <message>
        <source>Export Service Graph</source>
        <translation>Dienstgraph exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Bild (*.svg)</translation>
    </message>
    <message>
        <source>The graph could not be written to %1.</source>
        <translation>Der Graph konnte nicht nach %1 geschrieben werden.</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::TimeSeriesChart</name>
    <message>
        <source>%1: from %2 to %3</source>
        <translation>%1: von %2 bis %3</translation>
    </message>
    <message>
        <source>%1: from %2 to %3 (%4)</source>
        <translation>%1: von %2 bis %3 (%4)</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::TraceListModel</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>Root service</source>
        <translation>Wurzeldienst</translation>
    </message>
    <message>
        <source>Spans</source>
        <translation>Spans</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Trace id</source>
        <translation>Trace-ID</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::TraceTimeline</name>
    <message>
        <source>Instance</source>
        <translation>Instanz</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>+%1</source>
        <translation>+%1</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Self time</source>
        <translation>Eigenzeit</translation>
    </message>
    <message>
        <source>Background call (follows from its parent)</source>
        <translation>Hintergrundaufruf (folgt auf seinen Elternspan)</translation>
    </message>
    <message>
        <source>On the critical path</source>
        <translation>Auf dem kritischen Pfad</translation>
    </message>
    <message numerus="yes">
        <source>%n span(s)</source>
        <translation>
            <numerusform>%n Span</numerusform>
            <numerusform>%n Spans</numerusform>
        </translation>
    </message>
    <message>
        <source>Open a trace file (Jaeger, OTLP or Zipkin JSON) or choose a trace.</source>
        <translation>Öffnen Sie eine Trace-Datei (Jaeger-, OTLP- oder Zipkin-JSON) oder wählen Sie einen Trace.</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::TraceView</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source>No traces: use File ▸ Open Trace… (or drop a file on the window) to read a Jaeger, OTLP or Zipkin JSON file.</source>
        <translation>Keine Traces: Lesen Sie mit Datei ▸ Trace öffnen… (oder per Ablegen einer Datei auf dem Fenster) eine Jaeger-, OTLP- oder Zipkin-JSON-Datei ein.</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n trace(s)</source>
        <translation>
            <numerusform>%1: %n Trace</numerusform>
            <numerusform>%1: %n Traces</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>critical path: %n span(s)</source>
        <translation>
            <numerusform>kritischer Pfad: %n Span</numerusform>
            <numerusform>kritischer Pfad: %n Spans</numerusform>
        </translation>
    </message>
</context>
</TS>
