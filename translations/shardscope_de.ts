<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Autosave</name>
    <message>
        <source>%1: cannot autosave the session: %2</source>
        <translation>%1: Die Sitzung kann nicht automatisch gespeichert werden: %2</translation>
    </message>
    <message>
        <source>%1: cannot create the autosave folder</source>
        <translation>%1: Der Ordner für automatische Sicherungen kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>%1: cannot lock the autosave file</source>
        <translation>%1: Die automatische Sicherung kann nicht gesperrt werden</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>shardscope: unknown command "%1"</source>
        <translation>shardscope: unbekannter Befehl „%1“</translation>
    </message>
    <message>
        <source>Bundled example models (use the name in place of a file):</source>
        <translation>Mitgelieferte Beispielmodelle (den Namen statt einer Datei angeben):</translation>
    </message>
    <message>
        <source>GPU catalog (dense peaks):</source>
        <translation>GPU-Katalog (dichte Spitzenwerte):</translation>
    </message>
    <message>
        <source>  name             memory    bf16 TFLOP/s  fp8 TFLOP/s  HBM GB/s  intra-node GB/s  inter-node GB/s</source>
        <translation>  Name             Speicher  bf16 TFLOP/s  fp8 TFLOP/s  HBM GB/s  im Knoten GB/s   zw. Knoten GB/s</translation>
    </message>
    <message>
        <source>shardscope plan: %1</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope plan: %1</translation>
    </message>
    <message>
        <source>Strategy %1, weights memory %2 / compute %3 / communication %4</source>
        <translation>Strategie %1, Gewichte Speicher %2 / Rechnen %3 / Kommunikation %4</translation>
    </message>
    <message>
        <source>shardscope plan: cannot write %1: %2</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope plan: %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Wrote %1 (%2 plans).</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1 geschrieben (%2 Pläne).</translation>
    </message>
    <message>
        <source>shardscope inspect: %1 needs a value</source>
        <translation>shardscope inspect: %1 braucht einen Wert</translation>
    </message>
    <message>
        <source>shardscope inspect: --seq must be a number between 1 and 10000000, got %1</source>
        <translation>shardscope inspect: --seq muss eine Zahl zwischen 1 und 10000000 sein, erhalten: %1</translation>
    </message>
    <message>
        <source>shardscope inspect: unknown option %1</source>
        <translation>shardscope inspect: unbekannte Option %1</translation>
    </message>
    <message>
        <source>shardscope inspect: more than one model given (%1, %2)</source>
        <translation>shardscope inspect: mehr als ein Modell angegeben (%1, %2)</translation>
    </message>
    <message>
        <source>shardscope inspect: no model given</source>
        <translation>shardscope inspect: kein Modell angegeben</translation>
    </message>
    <message>
        <source>shardscope inspect: %1</source>
        <translation>shardscope inspect: %1</translation>
    </message>
    <message>
        <source>shardscope inspect: cannot write %1: %2</source>
        <translation>shardscope inspect: %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>%1 geschrieben.</translation>
    </message>
    <message>
        <source>shardscope: a model from standard input (-) needs a command, e.g. shardscope plan - &lt; config.json</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope: Ein Modell von der Standardeingabe (-) braucht einen Befehl, z. B. shardscope plan - &lt; config.json</translation>
    </message>
    <message>
        <source>shardscope: unknown option %1</source>
        <translation>shardscope: unbekannte Option %1</translation>
    </message>
    <message>
        <source>shardscope: "%1" is not a command, an existing file or a bundled model</source>
        <translation>shardscope: „%1“ ist weder ein Befehl noch eine vorhandene Datei noch ein mitgeliefertes Modell</translation>
    </message>
    <message>
        <source>Usage: shardscope inspect MODEL [--seq N] [--json FILE]

MODEL is a file (Hugging Face config.json, safetensors file or index, ONNX, GraphML,
Graphviz DOT, ShardScope model JSON), a checkpoint folder, or a bundled model name.
  --seq N       sequence length at which FLOPs are weighed (default 2048)
  --json FILE   also write the summary and graph analysis as JSON (-: standard output,
                instead of the summary)
</source>
        <translation>Aufruf: shardscope inspect MODELL [--seq N] [--json DATEI]

MODELL ist eine Datei (Hugging-Face-config.json, safetensors-Datei oder -Index, ONNX, GraphML,
Graphviz DOT, ShardScope-Modell-JSON), ein Checkpoint-Ordner oder der Name eines mitgelieferten Modells.
  --seq N       Sequenzlänge, bei der die FLOPs gewichtet werden (Standard 2048)
  --json DATEI  zusätzlich Zusammenfassung und Graphanalyse als JSON schreiben (-: Standardausgabe,
                statt der Zusammenfassung)
</translation>
    </message>
    <message>
        <source>shardscope render: pictures are drawn by the desktop planner, %1, which is not here (%2); the other commands work without it (shardscope --help)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope render: Bilder zeichnet der Desktop-Planer, %1, der hier fehlt (%2); die anderen Befehle funktionieren ohne ihn (shardscope --help)</translation>
    </message>
    <message>
        <source>shardscope: the desktop planner, %1, is not here (%2); this is the command line only (shardscope --help)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope: Der Desktop-Planer, %1, fehlt hier (%2); dies ist nur die Befehlszeile (shardscope --help)</translation>
    </message>
    <message>
        <source>Commands: plan, sweep, inspect, render, export, validate, models, gpus (shardscope --help)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Befehle: plan, sweep, inspect, render, export, validate, models, gpus (shardscope --help)</translation>
    </message>
    <message>
        <source>Usage: shardscope [COMMAND] [OPTIONS]

Plans how to shard the training of a large model over a GPU cluster: tensor, pipeline and
data parallelism, ZeRO stage, micro-batch, recomputation, sequence parallelism and the
pipeline schedule, with predicted memory per GPU, step time, bubble and MFU.
Without a command, opens the desktop planner (with a model or .shardscope session
file if one is given, else the planned Llama-3-70B example).

Commands:
  plan MODEL [options]   search all parallel layouts and print the best ones
                         (shardscope plan --help lists the options)
  sweep MODEL --gpus A..B|--batch A..B|--seq A..B [options] [--csv FILE] [--json FILE]
                         plan at each GPU count, global batch or sequence length and
                         tabulate the best plans, marking the smallest that fits
                         (shardscope sweep --help)
  inspect MODEL [--seq N] [--json FILE]
                         summarize a model: size, shape, critical path, parallel
                         width, operator mix, largest layers, import notes
  render MODEL --view VIEW --out FILE.png|FILE.svg [options]
                         draw a view of the best plan without a display
                         (memory, stages, timeline, imbalance, communication,
                         window; shardscope render --help)
  export PLAN.json --format megatron|deepspeed|torchtitan [--plan RANK] [--out FILE]
                         write a plan as a Megatron-LM, DeepSpeed or torchtitan
                         launch config (shardscope export --help)
  validate [--profile NAME] [--json FILE]
                         predict every measured run of a software-stack profile and
                         print the error by regime, in-sample and cross-validated
                         (shardscope validate --help)
  models                 list the bundled example models
  gpus                   list the GPU catalog
  --version              print the version

MODEL may be - (standard input), a FIFO or /dev/fd/N (read once, as a stream). An
output FILE of - is standard output; the report is then left out.

Exit codes: 0 success; 1 no plan fits in memory; 2 bad command line;
3 invalid input file or value; 4 an output file could not be written.
</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Aufruf: shardscope [BEFEHL] [OPTIONEN]

Plant, wie das Training eines großen Modells über einen GPU-Cluster aufgeteilt wird: Tensor-,
Pipeline- und Datenparallelität, ZeRO-Stufe, Micro-Batch, Neuberechnung, Sequenzparallelität und
Pipeline-Zeitplan, mit vorhergesagtem Speicher pro GPU, Schrittzeit, Blase und MFU.
Ohne Befehl öffnet sich der Desktop-Planer (mit einem Modell oder einer .shardscope-Sitzungsdatei,
falls angegeben, sonst mit dem geplanten Beispiel Llama-3-70B).

Befehle:
  plan MODELL [Optionen] alle parallelen Aufteilungen durchsuchen und die besten ausgeben
                         (shardscope plan --help listet die Optionen)
  sweep MODELL --gpus A..B|--batch A..B|--seq A..B [Optionen] [--csv DATEI] [--json DATEI]
                         bei jeder GPU-Anzahl, jedem globalen Batch oder jeder Sequenzlänge
                         planen und die besten Pläne tabellieren, den kleinsten passenden markiert
                         (shardscope sweep --help)
  inspect MODELL [--seq N] [--json DATEI]
                         ein Modell zusammenfassen: Größe, Form, kritischer Pfad, parallele
                         Breite, Operatormix, größte Schichten, Importhinweise
  render MODELL --view ANSICHT --out DATEI.png|DATEI.svg [Optionen]
                         eine Ansicht des besten Plans ohne Bildschirm zeichnen
                         (memory, stages, timeline, imbalance, communication,
                         window; shardscope render --help)
  export PLAN.json --format megatron|deepspeed|torchtitan [--plan RANG] [--out DATEI]
                         einen Plan als Startkonfiguration für Megatron-LM, DeepSpeed oder
                         torchtitan schreiben (shardscope export --help)
  validate [--profile NAME] [--json DATEI]
                         jeden gemessenen Lauf eines Software-Stack-Profils vorhersagen und
                         den Fehler je Regime ausgeben, in der Stichprobe und kreuzvalidiert
                         (shardscope validate --help)
  models                 die mitgelieferten Beispielmodelle auflisten
  gpus                   den GPU-Katalog auflisten
  --version              die Version ausgeben

MODELL darf - (Standardeingabe), ein FIFO oder /dev/fd/N sein (einmal gelesen, als Datenstrom).
Eine Ausgabe-DATEI - ist die Standardausgabe; der Bericht entfällt dann.

Exit-Codes: 0 Erfolg; 1 kein Plan passt in den Speicher; 2 fehlerhafte Befehlszeile;
3 ungültige Eingabedatei oder ungültiger Wert; 4 eine Ausgabedatei konnte nicht geschrieben werden.
</translation>
    </message>
</context>
<context>
    <name>CommunicationView</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>No plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Kein Plan</translation>
    </message>
    <message>
        <source>No estimate: %1</source>
        <translation>Keine Schätzung: %1</translation>
    </message>
    <message>
        <source>Communication: %1 per step exposed (%2 % of the step)</source>
        <translation>Kommunikation: %1 pro Schritt sichtbar (%2 % des Schritts)</translation>
    </message>
    <message>
        <source>Tensor parallel (TP %1): %2, %3 per step, %4 % of the step</source>
        <translation>Tensor-parallel (TP %1): %2, %3 pro Schritt, %4 % des Schritts</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP %1): %2, %3 per step, %4 % of the step</source>
        <translation>Pipeline-parallel (PP %1): %2, %3 pro Schritt, %4 % des Schritts</translation>
    </message>
    <message>
        <source>Data parallel (DP %1, ZeRO %2): %3, %4 per step; %5 exposed (%6 % of the step), %7 hidden behind backward</source>
        <translation>Datenparallel (DP %1, ZeRO %2): %3, %4 pro Schritt; %5 sichtbar (%6 % des Schritts), %7 hinter dem Rückwärtsdurchlauf verborgen</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>DP, exposed</source>
        <translation>DP, sichtbar</translation>
    </message>
    <message>
        <source>DP, hidden behind backward</source>
        <translation>DP, hinter dem Rückwärtsdurchlauf verborgen</translation>
    </message>
    <message>
        <source>step: %1</source>
        <translation>Schritt: %1</translation>
    </message>
    <message>
        <source>Context parallel (CP %1, %2): %3 exposed, %4 per step, %5 % of the step</source>
        <translation>Kontextparallel (CP %1, %2): %3 sichtbar, %4 pro Schritt, %5 % des Schritts</translation>
    </message>
    <message>
        <source>%1, HSDP x%2</source>
        <translation>%1, HSDP x%2</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>CP, exposed</source>
        <translation>CP, sichtbar</translation>
    </message>
    <message>
        <source>EP %1 x ETP %2</source>
        <translation>EP %1 x ETP %2</translation>
    </message>
    <message>
        <source>EP %1</source>
        <translation>EP %1</translation>
    </message>
    <message>
        <source>Expert parallel all-to-all (%1): %2 exposed, %3 per step, %4 % of the step</source>
        <translation>Expertenparallel All-to-All (%1): %2 sichtbar, %3 pro Schritt, %4 % des Schritts</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>EP all-to-all, exposed</source>
        <translation>EP All-to-All, sichtbar</translation>
    </message>
</context>
<context>
    <name>CompareController</name>
    <message>
        <source>Pin as &amp;Baseline</source>
        <translation>Als &amp;Basis festlegen</translation>
    </message>
    <message>
        <source>Pin Baseline by &amp;Configuration…</source>
        <translation>Basis nach &amp;Konfiguration festlegen…</translation>
    </message>
    <message>
        <source>Co&amp;mpare With Baseline</source>
        <translation>Mit Basis &amp;vergleichen</translation>
    </message>
    <message>
        <source>&amp;Remove From Comparison</source>
        <translation>Aus dem Vergleich &amp;entfernen</translation>
    </message>
    <message>
        <source>C&amp;lear Comparison</source>
        <translation>Vergleich &amp;leeren</translation>
    </message>
    <message>
        <source>Compare other plans against the selected plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Andere Pläne mit dem ausgewählten Plan vergleichen</translation>
    </message>
    <message>
        <source>Compare against a layout given by its configuration, e.g. the one your team runs today</source>
        <translation>Mit einer Aufteilung vergleichen, die durch ihre Konfiguration gegeben ist, z. B. der, die Ihr Team heute verwendet</translation>
    </message>
    <message>
        <source>Show the selected plan beside the baseline (up to %1 plans)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Den ausgewählten Plan neben der Basis zeigen (bis zu %1 Pläne)</translation>
    </message>
    <message>
        <source>Take the selected plan out of the comparison</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Den ausgewählten Plan aus dem Vergleich nehmen</translation>
    </message>
    <message>
        <source>Remove the baseline and every compared plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Die Basis und alle verglichenen Pläne entfernen</translation>
    </message>
    <message>
        <source>Com&amp;pare</source>
        <translation>Ver&amp;gleich</translation>
    </message>
    <message>
        <source>A pinned baseline and up to %1 plans side by side: their numbers with the changes, memory, stages and schedules on one time axis.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Eine festgelegte Basis und bis zu %1 Pläne nebeneinander: ihre Kennzahlen mit den Änderungen, Speicher, Stufen und Zeitpläne auf einer Zeitachse.</translation>
    </message>
    <message>
        <source>Plan comparison</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Planvergleich</translation>
    </message>
    <message>
        <source>Select a plan to pin as the baseline.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Wählen Sie einen Plan, der als Basis festgelegt werden soll.</translation>
    </message>
    <message>
        <source>Plan a model first: the baseline is evaluated for its inputs.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Planen Sie zuerst ein Modell: Die Basis wird für dessen Eingaben bewertet.</translation>
    </message>
    <message>
        <source>Select a plan to compare with the baseline.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Wählen Sie einen Plan, der mit der Basis verglichen werden soll.</translation>
    </message>
    <message>
        <source>There is no plan of rank %1: %2 plans are ranked.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Es gibt keinen Plan auf Rang %1: %2 Pläne sind eingestuft.</translation>
    </message>
    <message>
        <source>Plan a model first.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Planen Sie zuerst ein Modell.</translation>
    </message>
    <message>
        <source>Select a plan to remove from the comparison.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Wählen Sie einen Plan, der aus dem Vergleich entfernt werden soll.</translation>
    </message>
    <message>
        <source>The selected plan is not in the comparison.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Der ausgewählte Plan ist nicht im Vergleich.</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rang %1</translation>
    </message>
    <message>
        <source>Not ranked</source>
        <translation>Nicht eingestuft</translation>
    </message>
    <message>
        <source>Baseline (%1)</source>
        <translation>Basis (%1)</translation>
    </message>
    <message>
        <source>Pin Baseline by Configuration</source>
        <translation>Basis nach Konfiguration festlegen</translation>
    </message>
    <message>
        <source>The layout to compare against, as key=value pairs separated by commas
(tp, pp, dp, cp, vpp, mb, zero, recompute, sp, schedule, ...; dp defaults to the GPUs left):</source>
        <translation>Die Aufteilung, mit der verglichen wird, als durch Kommas getrennte Paare Schlüssel=Wert
(tp, pp, dp, cp, vpp, mb, zero, recompute, sp, schedule, ...; dp ist standardmäßig die übrigen GPUs):</translation>
    </message>
    <message>
        <source>%1 on %2 x %3, sequence %4, global batch %5</source>
        <translation>%1 auf %2 x %3, Sequenz %4, globaler Batch %5</translation>
    </message>
    <message>
        <source> — baseline %1</source>
        <translation> — Basis %1</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>No schedule: the layout cannot run</source>
        <translation>Kein Zeitplan: Die Aufteilung kann nicht laufen</translation>
    </message>
    <message>
        <source>%1 micro-batches on %2 stages: too many passes to draw</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%1 Micro-Batches auf %2 Stufen: zu viele Durchläufe zum Zeichnen</translation>
    </message>
    <message>
        <source>No schedule: %1</source>
        <translation>Kein Zeitplan: %1</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>At most %1 plans are compared with the baseline: remove one before adding another.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Höchstens %1 Pläne werden mit der Basis verglichen: Entfernen Sie einen, bevor Sie einen weiteren hinzufügen.</translation>
    </message>
    <message>
        <source>This plan is the baseline.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Dieser Plan ist die Basis.</translation>
    </message>
    <message>
        <source>This plan is already compared.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Dieser Plan wird bereits verglichen.</translation>
    </message>
    <message>
        <source>Plan %1</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Plan %1</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>HFU</source>
        <translation>HFU</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>Pipeline-Blase</translation>
    </message>
    <message>
        <source>Peak memory per GPU</source>
        <translation>Spitzenspeicher pro GPU</translation>
    </message>
    <message>
        <source>Usable memory per GPU</source>
        <translation>Nutzbarer Speicher pro GPU</translation>
    </message>
    <message>
        <source>Memory headroom</source>
        <translation>Speicherspielraum</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>Sichtbare Kommunikation</translation>
    </message>
    <message>
        <source>TP communication</source>
        <translation>TP-Kommunikation</translation>
    </message>
    <message>
        <source>PP communication</source>
        <translation>PP-Kommunikation</translation>
    </message>
    <message>
        <source>CP communication</source>
        <translation>CP-Kommunikation</translation>
    </message>
    <message>
        <source>EP all-to-all</source>
        <translation>EP All-to-All</translation>
    </message>
    <message>
        <source>DP communication exposed</source>
        <translation>Sichtbare DP-Kommunikation</translation>
    </message>
    <message>
        <source>DP traffic (before overlap)</source>
        <translation>DP-Datenverkehr (vor Überlappung)</translation>
    </message>
    <message>
        <source>Compute imbalance</source>
        <translation>Rechenungleichgewicht</translation>
    </message>
    <message>
        <source>Micro-batches per step</source>
        <translation>Micro-Batches pro Schritt</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Pin a baseline to compare plans with it</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Legen Sie eine Basis fest, um Pläne mit ihr zu vergleichen</translation>
    </message>
    <message>
        <source>Baseline only: add up to %1 plans to compare with it</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Nur die Basis: Fügen Sie bis zu %1 Pläne zum Vergleich hinzu</translation>
    </message>
    <message>
        <source>%1: the fastest, %2, takes %3 per step</source>
        <translation>%1: Der schnellste, %2, braucht %3 pro Schritt</translation>
    </message>
    <message>
        <source> (%1 against the baseline)</source>
        <translation> (%1 gegenüber der Basis)</translation>
    </message>
    <message>
        <source>No baseline</source>
        <translation>Keine Basis</translation>
    </message>
    <message>
        <source>Baseline and 1 plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Basis und 1 Plan</translation>
    </message>
    <message>
        <source>Baseline and %1 plans</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Basis und %1 Pläne</translation>
    </message>
    <message>
        <source>Cannot run: %1</source>
        <translation>Nicht lauffähig: %1</translation>
    </message>
    <message>
        <source>Does not fit: %1</source>
        <translation>Passt nicht: %1</translation>
    </message>
    <message>
        <source>Fits in memory</source>
        <translation>Passt in den Speicher</translation>
    </message>
    <message>
        <source>%1 of %2: %3</source>
        <translation>%1 von %2: %3</translation>
    </message>
    <message>
        <source>%1 of %2: %3, %4 against the baseline</source>
        <translation>%1 von %2: %3, %4 gegenüber der Basis</translation>
    </message>
    <message>
        <source>Plan comparison</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Planvergleich</translation>
    </message>
    <message>
        <source>Pin a plan as the baseline (the plan table's context menu, or Plan &gt; Pin as baseline), then add up to %1 plans to compare with it.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Legen Sie einen Plan als Basis fest (Kontextmenü der Plantabelle oder Plan &gt; Als Basis festlegen) und fügen Sie dann bis zu %1 Pläne zum Vergleich hinzu.</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>no numbers</source>
        <translation>keine Zahlen</translation>
    </message>
    <message>
        <source>S%1</source>
        <translation>S%1</translation>
    </message>
    <message>
        <source>usable memory per GPU</source>
        <translation>nutzbarer Speicher pro GPU</translation>
    </message>
    <message>
        <source>one time axis; dashed: the step's end</source>
        <translation>eine Zeitachse; gestrichelt: das Ende des Schritts</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>%1 in %2 chunks</source>
        <translation>%1 in %2 Teilen</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>Schicht %1</translation>
    </message>
    <message>
        <source>layers %1–%2</source>
        <translation>Schichten %1–%2</translation>
    </message>
    <message>
        <source>%1 blocks</source>
        <translation>%1 Blöcke</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>no stages: the layout cannot run</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>keine Stufen: Die Aufteilung kann nicht laufen</translation>
    </message>
    <message>
        <source>stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>blocks</source>
        <translation>Blöcke</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>stages 0–%1 of %2 shown</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Stufen 0–%1 von %2 gezeigt</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>Speicher pro GPU</translation>
    </message>
    <message>
        <source>Pipeline stages</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Pipeline-Stufen</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 pp</source>
        <translation>%1 Pp.</translation>
    </message>
    <message>
        <source>predicted times %1: step-time changes under %2 % are within error</source>
        <translation>vorhergesagte Zeiten %1: Schrittzeitänderungen unter %2 % liegen im Fehler</translation>
    </message>
    <message>
        <source>predicted times uncalibrated on this GPU: step-time changes under %1 % are within error</source>
        <translation>vorhergesagte Zeiten auf dieser GPU unkalibriert: Schrittzeitänderungen unter %1 % liegen im Fehler</translation>
    </message>
    <message>
        <source>%1, within error</source>
        <translation>%1, im Fehler</translation>
    </message>
    <message>
        <source>%1: the baseline is the fastest, %2 per step; %3</source>
        <translation>%1: die Basis ist am schnellsten, %2 pro Schritt; %3</translation>
    </message>
    <message>
        <source>, within error</source>
        <translation>, im Fehler</translation>
    </message>
    <message>
        <source>; %1</source>
        <translation>; %1</translation>
    </message>
</context>
<context>
    <name>Diagnosis</name>
    <message>
        <source>%1: %2 of %3 usable, step %4</source>
        <translation>%1: %2 von %3 nutzbar, Schritt %4</translation>
    </message>
    <message>
        <source>%1 node (%2 GPUs)</source>
        <translation>%1 Knoten (%2 GPUs)</translation>
    </message>
    <message>
        <source>%1 nodes (%2 GPUs)</source>
        <translation>%1 Knoten (%2 GPUs)</translation>
    </message>
    <message>
        <source>%1 (%2 of them)</source>
        <translation>%1 (%2 davon)</translation>
    </message>
    <message>
        <source>and %1 other reasons</source>
        <translation>und %1 weitere Gründe</translation>
    </message>
    <message>
        <source>The only candidate the pins allow breaks a rule: %1</source>
        <translation>Der einzige Kandidat, den die Festlegungen zulassen, verstößt gegen eine Regel: %1</translation>
    </message>
    <message>
        <source>All %1 candidates the pins allow break a rule: %2</source>
        <translation>Alle %1 Kandidaten, die die Festlegungen zulassen, verstoßen gegen eine Regel: %2</translation>
    </message>
    <message>
        <source>Unpinning %1 gives %2 candidates that pass every rule, with %1 %3</source>
        <translation>Wird %1 freigegeben, erfüllen %2 Kandidaten jede Regel, mit %1 %3</translation>
    </message>
    <message>
        <source>unpin %1</source>
        <translation>%1 freigeben</translation>
    </message>
    <message>
        <source>No single pin is to blame; without any pin %1 candidates pass every rule</source>
        <translation>Keine einzelne Festlegung ist die Ursache; ganz ohne Festlegungen erfüllen %1 Kandidaten jede Regel</translation>
    </message>
    <message>
        <source>unpin all</source>
        <translation>alle freigeben</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>weights %1</source>
        <translation>Gewichte %1</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>Gradienten</translation>
    </message>
    <message>
        <source>gradients %1</source>
        <translation>Gradienten %1</translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation>Optimiererzustände</translation>
    </message>
    <message>
        <source>optimizer states %1</source>
        <translation>Optimiererzustände %1</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>Aktivierungen</translation>
    </message>
    <message>
        <source>activations %1</source>
        <translation>Aktivierungen %1</translation>
    </message>
    <message>
        <source>other (buffers, CUDA context, framework)</source>
        <translation>Sonstiges (Puffer, CUDA-Kontext, Framework)</translation>
    </message>
    <message>
        <source>other (buffers, CUDA context, framework) %1</source>
        <translation>Sonstiges (Puffer, CUDA-Kontext, Framework) %1</translation>
    </message>
    <message>
        <source>Nothing fits in memory: the closest plan, %1, needs %2 on its fullest GPU (stage %3) but %4 is usable (%5 less the %6 margin): %7 over.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Nichts passt in den Speicher: Der nächstgelegene Plan, %1, braucht auf seiner vollsten GPU (Stufe %3) %2, nutzbar sind aber nur %4 (%5 abzüglich der Reserve von %6): %7 zu viel.</translation>
    </message>
    <message>
        <source>That GPU holds %1; the largest part is %2 (%3)</source>
        <translation>Auf dieser GPU liegen %1; der größte Anteil entfällt auf %2 (%3)</translation>
    </message>
    <message>
        <source>Unpinning %1 makes %2 plans fit (%1 %3); the fastest uses %1 %4: %5</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Wird %1 freigegeben, passen %2 Pläne (%1 %3); der schnellste verwendet %1 %4: %5</translation>
    </message>
    <message>
        <source>No single pin is to blame; without any pin %1 plans fit; the fastest: %2</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Keine einzelne Festlegung ist die Ursache; ganz ohne Festlegungen passen %1 Pläne; der schnellste: %2</translation>
    </message>
    <message>
        <source>Global batch %1 cannot keep %2 GPUs busy; a plan fits on %3 node x %4 = %5 GPUs with the same pins (the most found by halving the nodes, then bisecting: %6 do not). Its fastest plan: %7</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Der globale Batch %1 kann %2 GPUs nicht auslasten; mit denselben Festlegungen passt ein Plan auf %3 Knoten x %4 = %5 GPUs (die meisten, die das Halbieren der Knoten und eine anschließende Bisektion fanden: Mit %6 passt keiner). Der schnellste Plan dort: %7</translation>
    </message>
    <message>
        <source>Global batch %1 cannot keep %2 GPUs busy; a plan fits on %3 nodes x %4 = %5 GPUs with the same pins (the most found by halving the nodes, then bisecting: %6 do not). Its fastest plan: %7</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Der globale Batch %1 kann %2 GPUs nicht auslasten; mit denselben Festlegungen passt ein Plan auf %3 Knoten x %4 = %5 GPUs (die meisten, die das Halbieren der Knoten und eine anschließende Bisektion fanden: Mit %6 passt keiner). Der schnellste Plan dort: %7</translation>
    </message>
    <message>
        <source>The smallest cluster that fits: %1 nodes x %2 = %3 %4 GPUs, with the same pins (DP unpinned: it follows the GPU count); %5 do not fit. Its fastest plan: %6</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Der kleinste passende Cluster: %1 Knoten x %2 = %3 %4-GPUs, mit denselben Festlegungen (DP freigegeben: es folgt der GPU-Anzahl); %5 passen nicht. Der schnellste Plan dort: %6</translation>
    </message>
    <message>
        <source>The smallest cluster that fits: %1 nodes x %2 = %3 %4 GPUs, with the same pins; %5 do not fit. Its fastest plan: %6</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Der kleinste passende Cluster: %1 Knoten x %2 = %3 %4-GPUs, mit denselben Festlegungen; %5 passen nicht. Der schnellste Plan dort: %6</translation>
    </message>
    <message>
        <source>No larger cluster fits either: nothing fits on %1 nodes (up to %2 GPUs, the sweep's limit) with the same pins (DP unpinned: it follows the GPU count)</source>
        <translation>Auch kein größerer Cluster passt: Mit denselben Festlegungen passt nichts auf %1 Knoten (bis zu %2 GPUs, die Grenze des Sweeps) (DP freigegeben: es folgt der GPU-Anzahl)</translation>
    </message>
    <message>
        <source>No larger cluster fits either: nothing fits on %1 nodes (up to %2 GPUs, the sweep's limit) with the same pins</source>
        <translation>Auch kein größerer Cluster passt: Mit denselben Festlegungen passt nichts auf %1 Knoten (bis zu %2 GPUs, die Grenze des Sweeps)</translation>
    </message>
    <message>
        <source>%1 micro-batches of %2 sequence</source>
        <translation>%1 Micro-Batches zu je %2 Sequenz</translation>
    </message>
    <message>
        <source>%1 micro-batches of %2 sequences</source>
        <translation>%1 Micro-Batches zu je %2 Sequenzen</translation>
    </message>
    <message>
        <source>%1 model chunk</source>
        <translation>%1 Modellteil</translation>
    </message>
    <message>
        <source>%1 model chunks</source>
        <translation>%1 Modellteile</translation>
    </message>
    <message>
        <source>pipeline bubble %1 of the pipeline time (PP %2, %3, %4 per stage): more micro-batches per step (a larger global batch, or a smaller micro-batch) or interleaving more model chunks per stage would reduce it</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Pipeline-Blase %1 der Pipeline-Zeit (PP %2, %3, %4 pro Stufe): Mehr Micro-Batches pro Schritt (ein größerer globaler Batch oder ein kleinerer Micro-Batch) oder das Verschachteln von mehr Modellteilen pro Stufe würde sie verkleinern</translation>
    </message>
    <message>
        <source>global batch %1</source>
        <translation>globaler Batch %1</translation>
    </message>
    <message>
        <source>no %1 value can</source>
        <translation>%1 kann keinen Wert annehmen</translation>
    </message>
    <message>
        <source>%1 can only be %2</source>
        <translation>%1 kann nur %2 sein</translation>
    </message>
    <message>
        <source>%1 can be %2</source>
        <translation>%1 kann %2 sein</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>A knob's name and its value: "TP 4", "micro-batch 2".</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>TP %1 does not divide the %2 attention heads</source>
        <translation>TP %1 ist kein Teiler der %2 Attention-Köpfe</translation>
    </message>
    <message>
        <source>TP %1 does not divide the %2 key/value heads</source>
        <translation>TP %1 ist kein Teiler der %2 Key/Value-Köpfe</translation>
    </message>
    <message>
        <source>TP %1 does not divide the %2 GPUs</source>
        <translation>TP %1 ist kein Teiler der %2 GPUs</translation>
    </message>
    <message>
        <source>dividing the %1 GPUs</source>
        <translation>Teiler der %1 GPUs</translation>
    </message>
    <message>
        <source>dividing the %1 attention heads and the %2 GPUs</source>
        <translation>Teiler der %1 Attention-Köpfe und der %2 GPUs</translation>
    </message>
    <message>
        <source>dividing the %1 attention heads, the %2 key/value heads and the %3 GPUs</source>
        <translation>Teiler der %1 Attention-Köpfe, der %2 Key/Value-Köpfe und der %3 GPUs</translation>
    </message>
    <message>
        <source>%1; %2 (%3)</source>
        <translation>%1; %2 (%3)</translation>
    </message>
    <message>
        <source>CP %1 needs fused (flash) attention, which is off</source>
        <translation>CP %1 erfordert fusionierte Attention (Flash-Attention), die ausgeschaltet ist</translation>
    </message>
    <message>
        <source>CP %1 needs the sequence length %2 divisible by 2 x CP x TP = %3 (sequence parallelism splits each CP rank's part over TP %4)</source>
        <translation>CP %1 erfordert, dass die Sequenzlänge %2 durch 2 x CP x TP = %3 teilbar ist (Sequenzparallelität verteilt den Anteil jedes CP-Rangs zusätzlich auf TP %4)</translation>
    </message>
    <message>
        <source>CP %1 needs the sequence length %2 divisible by 2 x CP = %3</source>
        <translation>CP %1 erfordert, dass die Sequenzlänge %2 durch 2 x CP = %3 teilbar ist</translation>
    </message>
    <message>
        <source>CP %1 does not divide the %2 GPUs</source>
        <translation>CP %1 ist kein Teiler der %2 GPUs</translation>
    </message>
    <message>
        <source>PP %1 needs at least %1 blocks or layers to place; the model has %2</source>
        <translation>PP %1 braucht mindestens %1 Blöcke oder Schichten zum Verteilen; das Modell hat %2</translation>
    </message>
    <message>
        <source>PP %1 does not divide the %2 GPUs</source>
        <translation>PP %1 ist kein Teiler der %2 GPUs</translation>
    </message>
    <message>
        <source>the %1 schedule needs PP &gt;= 2</source>
        <translation>der Zeitplan %1 erfordert PP &gt;= 2</translation>
    </message>
    <message>
        <source>PP %1 x vpp %2 chunks = %3 model chunks need at least %4 transformer blocks (the first chunk may hold only the embedding, the last only the loss); the model has %5</source>
        <translation>PP %1 x vpp %2 Teile = %3 Modellteile brauchen mindestens %4 Transformer-Blöcke (der erste Teil darf nur das Embedding enthalten, der letzte nur den Loss); das Modell hat %5</translation>
    </message>
    <message>
        <source>PP %1 x at least %2 chunks = %3 model chunks need at least %4 transformer blocks (the first chunk may hold only the embedding, the last only the loss); the model has %5</source>
        <translation>PP %1 x mindestens %2 Teile = %3 Modellteile brauchen mindestens %4 Transformer-Blöcke (der erste Teil darf nur das Embedding enthalten, der letzte nur den Loss); das Modell hat %5</translation>
    </message>
    <message>
        <source>DP %1 does not divide the %2 GPUs</source>
        <translation>DP %1 ist kein Teiler der %2 GPUs</translation>
    </message>
    <message>
        <source>DP %1 is more than the global batch of %2 sequences (every data-parallel rank needs one)</source>
        <translation>DP %1 ist größer als der globale Batch von %2 Sequenzen (jeder datenparallele Rang braucht eine)</translation>
    </message>
    <message>
        <source>DP %1 does not divide the global batch %2</source>
        <translation>DP %1 ist kein Teiler des globalen Batches %2</translation>
    </message>
    <message>
        <source>%1; %2 (dividing the GPUs left and the global batch %3)</source>
        <translation>%1; %2 (Teiler der übrigen GPUs und des globalen Batches %3)</translation>
    </message>
    <message>
        <source>micro-batch %1 does not divide the global batch %2</source>
        <translation>Micro-Batch %1 ist kein Teiler des globalen Batches %2</translation>
    </message>
    <message>
        <source>DP %1 x micro-batch %2 = %3 does not divide the global batch %4</source>
        <translation>DP %1 x Micro-Batch %2 = %3 ist kein Teiler des globalen Batches %4</translation>
    </message>
    <message>
        <source>DP x micro-batch %1 divides the global batch %2 for no DP the GPUs and pins allow (DP %3)</source>
        <translation>DP x Micro-Batch %1 teilt den globalen Batch %2 für keinen DP-Grad, den GPUs und Festlegungen zulassen (DP %3)</translation>
    </message>
    <message>
        <source>the micro-batch</source>
        <translation>der Micro-Batch</translation>
    </message>
    <message>
        <source>EP %1 needs a mixture-of-experts model; this model has no routed experts</source>
        <translation>EP %1 erfordert ein Mixture-of-Experts-Modell; dieses Modell hat keine gerouteten Experten</translation>
    </message>
    <message>
        <source>EP %1 does not divide the %2 routed experts</source>
        <translation>EP %1 ist kein Teiler der %2 gerouteten Experten</translation>
    </message>
    <message>
        <source>EP %1 x ETP %2 = %3 does not divide the %4 GPUs of a pipeline stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>EP %1 x ETP %2 = %3 ist kein Teiler der %4 GPUs einer Pipeline-Stufe</translation>
    </message>
    <message>
        <source>EP %1 x ETP %2 = %3 does not divide the %4 GPUs</source>
        <translation>EP %1 x ETP %2 = %3 ist kein Teiler der %4 GPUs</translation>
    </message>
    <message>
        <source>ETP %1 needs a mixture-of-experts model; this model has no routed experts</source>
        <translation>ETP %1 erfordert ein Mixture-of-Experts-Modell; dieses Modell hat keine gerouteten Experten</translation>
    </message>
    <message>
        <source>ETP %1 does not divide the experts' intermediate size %2</source>
        <translation>ETP %1 ist kein Teiler der Zwischengröße %2 der Experten</translation>
    </message>
    <message>
        <source>%1 = %2, but the cluster has %3 GPUs (TP x CP x PP x DP must equal the GPU count); with %4, %5</source>
        <translation>%1 = %2, aber der Cluster hat %3 GPUs (TP x CP x PP x DP muss gleich der GPU-Anzahl sein); mit %4 gilt: %5</translation>
    </message>
    <message>
        <source>%1 = %2 does not divide the %3 GPUs (TP x CP x PP x DP must equal the GPU count); with %4, %5</source>
        <translation>%1 = %2 ist kein Teiler der %3 GPUs (TP x CP x PP x DP muss gleich der GPU-Anzahl sein); mit %4 gilt: %5</translation>
    </message>
    <message>
        <source>%1 GPUs would fit %2 (DP %3, dividing the global batch %4)</source>
        <translation>%1 GPUs würden zu %2 passen (DP %3, Teiler des globalen Batches %4)</translation>
    </message>
    <message>
        <source>%1 GPUs would fit %2</source>
        <translation>%1 GPUs würden zu %2 passen</translation>
    </message>
    <message>
        <source>%1 or %2 GPUs would fit %3 (DP %4 or %5, dividing the global batch %6)</source>
        <translation>%1 oder %2 GPUs würden zu %3 passen (DP %4 oder %5, Teiler des globalen Batches %6)</translation>
    </message>
    <message>
        <source>%1 or %2 GPUs would fit %3</source>
        <translation>%1 oder %2 GPUs würden zu %3 passen</translation>
    </message>
    <message>
        <source>the interleaved schedule needs the number of micro-batches divisible by PP %1 (Megatron-LM requires it), so the global batch divisible by PP x DP x micro-batch: %2 is not for any DP the GPUs and pins allow (DP %3, micro-batch %4); global batch %5 would be</source>
        <translation>der verschachtelte Zeitplan erfordert eine durch PP %1 teilbare Anzahl von Micro-Batches (Megatron-LM verlangt das), also einen durch PP x DP x Micro-Batch teilbaren globalen Batch: %2 ist das für keinen DP-Grad, den GPUs und Festlegungen zulassen (DP %3, Micro-Batch %4); der globale Batch %5 wäre es</translation>
    </message>
    <message>
        <source>the interleaved schedule needs the number of micro-batches divisible by PP %1 (Megatron-LM requires it), so the global batch divisible by PP x DP x micro-batch: %2 is not for any DP the GPUs and pins allow (DP %3); global batch %4 would be</source>
        <translation>der verschachtelte Zeitplan erfordert eine durch PP %1 teilbare Anzahl von Micro-Batches (Megatron-LM verlangt das), also einen durch PP x DP x Micro-Batch teilbaren globalen Batch: %2 ist das für keinen DP-Grad, den GPUs und Festlegungen zulassen (DP %3); der globale Batch %4 wäre es</translation>
    </message>
    <message>
        <source>global batch %1 allows no DP degree on %2 GPUs: DP %3 is impossible (DP must divide the global batch)</source>
        <translation>der globale Batch %1 lässt auf %2 GPUs keinen DP-Grad zu: DP %3 ist unmöglich (DP muss den globalen Batch teilen)</translation>
    </message>
    <message>
        <source>global batch %1 allows no DP degree on %2 GPUs: DP %3 are impossible (DP must divide the global batch)</source>
        <translation>der globale Batch %1 lässt auf %2 GPUs keinen DP-Grad zu: DP %3 sind unmöglich (DP muss den globalen Batch teilen)</translation>
    </message>
    <message>
        <source>global batch %1 allows DP only in {%2} on %3 GPUs: DP %4 is impossible (DP must divide the global batch)</source>
        <translation>der globale Batch %1 lässt auf %3 GPUs nur DP aus {%2} zu: DP %4 ist unmöglich (DP muss den globalen Batch teilen)</translation>
    </message>
    <message>
        <source>global batch %1 allows DP only in {%2} on %3 GPUs: DP %4 are impossible (DP must divide the global batch)</source>
        <translation>der globale Batch %1 lässt auf %3 GPUs nur DP aus {%2} zu: DP %4 sind unmöglich (DP muss den globalen Batch teilen)</translation>
    </message>
    <message>
        <source>%1 or %2 would allow it</source>
        <translation>%1 oder %2 würde das ermöglichen</translation>
    </message>
    <message>
        <source>%1 or %2 would allow them</source>
        <translation>%1 oder %2 würde diese ermöglichen</translation>
    </message>
    <message>
        <source>%1 would allow it</source>
        <translation>%1 würde das ermöglichen</translation>
    </message>
    <message>
        <source>%1 would allow them</source>
        <translation>%1 würde diese ermöglichen</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>vpp</source>
        <translation>vpp</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>Micro-Batch</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>ZeRO-Stufe</translation>
    </message>
    <message>
        <source>DP replicate</source>
        <translation>DP-Replikate</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>ETP</source>
        <translation>ETP</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>Neuberechnung</translation>
    </message>
    <message>
        <source>sequence parallelism</source>
        <translation>Sequenzparallelität</translation>
    </message>
    <message>
        <source>schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>TP communication overlap</source>
        <translation>TP-Kommunikationsüberlappung</translation>
    </message>
    <message>
        <source>pipeline communication overlap</source>
        <translation>Pipeline-Kommunikationsüberlappung</translation>
    </message>
    <message>
        <source>reshard after forward</source>
        <translation>Neuaufteilung nach dem Vorwärtsdurchlauf</translation>
    </message>
    <message>
        <source>EP communication overlap</source>
        <translation>EP-Kommunikationsüberlappung</translation>
    </message>
    <message>
        <source>CP communication type</source>
        <translation>CP-Kommunikationsart</translation>
    </message>
    <message>
        <source>TP x CP x PP x DP</source>
        <translation>TP x CP x PP x DP</translation>
    </message>
    <message>
        <source>and one other reason</source>
        <translation>und ein weiterer Grund</translation>
    </message>
    <message>
        <source>Unpinning %1 gives one candidate that passes every rule, with %1 %2</source>
        <translation>Wird %1 freigegeben, erfüllt ein Kandidat jede Regel, mit %1 %2</translation>
    </message>
    <message>
        <source>No single pin is to blame; without any pin one candidate passes every rule</source>
        <translation>Keine einzelne Festlegung ist die Ursache; ganz ohne Festlegungen erfüllt ein Kandidat jede Regel</translation>
    </message>
    <message>
        <source>Unpinning %1 makes one plan fit (%1 %2): %3</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Wird %1 freigegeben, passt ein Plan (%1 %2): %3</translation>
    </message>
    <message>
        <source>No single pin is to blame; without any pin one plan fits: %1</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Keine einzelne Festlegung ist die Ursache; ganz ohne Festlegungen passt ein Plan: %1</translation>
    </message>
</context>
<context>
    <name>DiagnosisReport</name>
    <message>
        <source> (checked by planning with it)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation> (durch Planen damit geprüft)</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>passt</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>passt nicht</translation>
    </message>
    <message>
        <source>    proposal: %1: %2x tokens/s, %3</source>
        <translation>    Vorschlag: %1: %2x Tokens/s, %3</translation>
    </message>
    <message>
        <source>    proposal: %1: %2</source>
        <translation>    Vorschlag: %1: %2</translation>
    </message>
    <message>
        <source>Why no plan fits:</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Warum kein Plan passt:</translation>
    </message>
    <message>
        <source>Why no plan works:</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Warum kein Plan funktioniert:</translation>
    </message>
    <message>
        <source>    try: %1</source>
        <translation>    Versuchen Sie: %1</translation>
    </message>
    <message>
        <source>  warning: %1</source>
        <translation>  Warnung: %1</translation>
    </message>
</context>
<context>
    <name>ExplorerAxes</name>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>Speicher pro GPU</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>Pipeline-Blase</translation>
    </message>
    <message>
        <source>Communication share</source>
        <translation>Kommunikationsanteil</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 Tokens/s</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>M tokens/s</source>
        <translation>Mio. Tokens/s</translation>
    </message>
    <message>
        <source>k tokens/s</source>
        <translation>Tsd. Tokens/s</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>% of the step</source>
        <translation>% des Schritts</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>ExplorerCategories</name>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>ZeRO-Stufe</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>Neuberechnung</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>PP %1</source>
        <translation>PP %1</translation>
    </message>
    <message>
        <source>CP %1</source>
        <translation>CP %1</translation>
    </message>
    <message>
        <source>EP %1 x ETP %2</source>
        <translation>EP %1 x ETP %2</translation>
    </message>
    <message>
        <source>EP %1</source>
        <translation>EP %1</translation>
    </message>
    <message>
        <source>ZeRO %1</source>
        <translation>ZeRO %1</translation>
    </message>
    <message>
        <source>Recompute: %1</source>
        <translation>Neuberechnung: %1</translation>
    </message>
    <message numerus="yes">
        <source>other (%n value(s))</source>
        <translation><numerusform>andere (%n Wert)</numerusform><numerusform>andere (%n Werte)</numerusform></translation>
    </message>
</context>
<context>
    <name>ExplorerPanel</name>
    <message>
        <source>Show plans that do not &amp;fit</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Pläne anzeigen, die nicht &amp;passen</translation>
    </message>
    <message>
        <source>&amp;Clear filter</source>
        <translation>Filter &amp;aufheben</translation>
    </message>
    <message>
        <source>What the horizontal axis shows</source>
        <translation>Was die waagerechte Achse zeigt</translation>
    </message>
    <message>
        <source>What the vertical axis shows</source>
        <translation>Was die senkrechte Achse zeigt</translation>
    </message>
    <message>
        <source>What colours the plans</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Wonach die Pläne eingefärbt werden</translation>
    </message>
    <message>
        <source>Show every plan in the table again (Esc or a double click on the chart)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Wieder alle Pläne in der Tabelle zeigen (Esc oder Doppelklick auf das Diagramm)</translation>
    </message>
    <message>
        <source>&amp;X:</source>
        <translation>&amp;X:</translation>
    </message>
    <message>
        <source>&amp;Y:</source>
        <translation>&amp;Y:</translation>
    </message>
    <message>
        <source>C&amp;olour by:</source>
        <translation>&amp;Färben nach:</translation>
    </message>
    <message>
        <source>Log X</source>
        <translation>Log. X</translation>
    </message>
    <message>
        <source>Log Y</source>
        <translation>Log. Y</translation>
    </message>
    <message>
        <source>&amp;Reset view</source>
        <translation>Ansicht &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>A logarithmic horizontal axis: equal ratios at equal distances</source>
        <translation>Eine logarithmische horizontale Achse: gleiche Verhältnisse in gleichen Abständen</translation>
    </message>
    <message>
        <source>A logarithmic vertical axis: equal ratios at equal distances</source>
        <translation>Eine logarithmische vertikale Achse: gleiche Verhältnisse in gleichen Abständen</translation>
    </message>
    <message>
        <source>Back to the range around the plans that fit (Home); the wheel zooms, a right- or middle-button drag pans</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Zurück zum Bereich um die passenden Pläne (Pos1); das Mausrad zoomt, Ziehen mit der rechten oder mittleren Taste verschiebt</translation>
    </message>
    <message>
        <source>Click a plan to select it; drag a rectangle to filter the plan table; the wheel zooms, a right drag pans.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Klicken Sie auf einen Plan, um ihn auszuwählen; ziehen Sie ein Rechteck, um die Plantabelle zu filtern; das Mausrad zoomt, Ziehen mit der rechten Taste verschiebt.</translation>
    </message>
</context>
<context>
    <name>ExplorerView</name>
    <message>
        <source>Plan explorer: no plans</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Plan-Explorer: keine Pläne</translation>
    </message>
    <message>
        <source>Plan explorer: %1 plans, %2 fit; Pareto front of %3</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Plan-Explorer: %1 Pläne, %2 passen; Pareto-Front aus %3</translation>
    </message>
    <message>
        <source>; %1 in the band</source>
        <translation>; %1 im Bereich</translation>
    </message>
    <message>
        <source>Plan %1 of %2 in the ranking</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Plan %1 von %2 in der Rangfolge</translation>
    </message>
    <message>
        <source>Candidate %1</source>
        <translation>Kandidat %1</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>CP %1 (%2)</source>
        <translation>CP %1 (%2)</translation>
    </message>
    <message>
        <source>PP %1</source>
        <translation>PP %1</translation>
    </message>
    <message>
        <source>DP %1</source>
        <translation>DP %1</translation>
    </message>
    <message>
        <source>EP %1</source>
        <translation>EP %1</translation>
    </message>
    <message>
        <source>%1 = %2 GPUs</source>
        <translation>%1 = %2 GPUs</translation>
    </message>
    <message>
        <source>micro-batch %1</source>
        <translation>Micro-Batch %1</translation>
    </message>
    <message>
        <source>ZeRO %1 (HSDP x%2)</source>
        <translation>ZeRO %1 (HSDP x%2)</translation>
    </message>
    <message>
        <source>ZeRO %1</source>
        <translation>ZeRO %1</translation>
    </message>
    <message>
        <source>recompute %1</source>
        <translation>Neuberechnung %1</translation>
    </message>
    <message>
        <source>sequence parallel</source>
        <translation>sequenzparallel</translation>
    </message>
    <message>
        <source>%1, %2 chunks</source>
        <translation>%1, %2 Teile</translation>
    </message>
    <message>
        <source>step %1 · %2 · MFU %3</source>
        <translation>Schritt %1 · %2 · MFU %3</translation>
    </message>
    <message>
        <source>memory %1 of %2 per GPU · bubble %3 · communication %4 of the step</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>Speicher %1 von %2 pro GPU · Blase %3 · Kommunikation %4 des Schritts</translation>
    </message>
    <message>
        <source>Does not fit: %1</source>
        <translation>Passt nicht: %1</translation>
    </message>
    <message>
        <source>Colour: %1</source>
        <translation>Farbe: %1</translation>
    </message>
    <message>
        <source>fits in memory</source>
        <translation>passt in den Speicher</translation>
    </message>
    <message>
        <source>does not fit (hidden)</source>
        <translation>passt nicht (ausgeblendet)</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>Pareto-Front</translation>
    </message>
    <message>
        <source>selected</source>
        <translation>ausgewählt</translation>
    </message>
    <message>
        <source>%1: %2 is better</source>
        <translation>%1: %2 ist besser</translation>
    </message>
    <message>
        <source>lower</source>
        <translation>niedriger</translation>
    </message>
    <message>
        <source>higher</source>
        <translation>höher</translation>
    </message>
    <message>
        <source>Run a search to see its plans here</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Starten Sie eine Suche, um ihre Pläne hier zu sehen</translation>
    </message>
    <message>
        <source>No plan has both %1 and %2</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Kein Plan hat sowohl %1 als auch %2</translation>
    </message>
    <message>
        <source>usable memory %1</source>
        <translation>nutzbarer Speicher %1</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>und %1 weitere</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>passt nicht</translation>
    </message>
    <message numerus="yes">
        <source>%n plan(s) beyond the range, drawn at its edge (wheel to zoom out, Home to reset)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation><numerusform>%n Plan außerhalb des Bereichs, am Rand gezeichnet (Mausrad zum Herauszoomen, Pos1 zum Zurücksetzen)</numerusform><numerusform>%n Pläne außerhalb des Bereichs, am Rand gezeichnet (Mausrad zum Herauszoomen, Pos1 zum Zurücksetzen)</numerusform></translation>
    </message>
</context>
<context>
    <name>ExportCommand</name>
    <message>
        <source>%1 needs a value</source>
        <translation>%1 braucht einen Wert</translation>
    </message>
    <message>
        <source>--format expects megatron, deepspeed or torchtitan, got "%1"</source>
        <translation>--format erwartet megatron, deepspeed oder torchtitan, erhalten: „%1“</translation>
    </message>
    <message>
        <source>--plan expects a plan rank (1 = the best plan), got "%1"</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>--plan erwartet einen Planrang (1 = der beste Plan), erhalten: „%1“</translation>
    </message>
    <message>
        <source>--out needs a file name</source>
        <translation>--out braucht einen Dateinamen</translation>
    </message>
    <message>
        <source>unknown option %1</source>
        <translation>unbekannte Option %1</translation>
    </message>
    <message>
        <source>more than one plan file given (%1, %2)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>mehr als eine Plandatei angegeben (%1, %2)</translation>
    </message>
    <message>
        <source>no plan file given (write one with shardscope plan MODEL --json PLAN.json)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>keine Plandatei angegeben (eine schreiben mit shardscope plan MODELL --json PLAN.json)</translation>
    </message>
    <message>
        <source>--format is required: megatron, deepspeed or torchtitan</source>
        <translation>--format ist erforderlich: megatron, deepspeed oder torchtitan</translation>
    </message>
    <message>
        <source>Usage: shardscope export PLAN.json --format megatron|deepspeed|torchtitan [--plan RANK] [--out FILE]

Writes the launch configuration of one plan of a plan file (shardscope plan ... --json PLAN.json):
  megatron     Megatron-LM arguments for pretrain_gpt.py, as a bash array
  deepspeed    a DeepSpeed config JSON
  torchtitan   a torchtitan TOML job config
Options:
  --format F   the framework (required)
  --plan RANK  which ranked plan (default 1, the best)
  --out FILE   write to FILE instead of standard output
docs/launch-configs.md lists every key and the plans a framework cannot run.

Exit codes: 0 success; 2 bad command line; 3 invalid plan file, or a plan the framework
cannot express; 4 the output file could not be written.
</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Aufruf: shardscope export PLAN.json --format megatron|deepspeed|torchtitan [--plan RANG] [--out DATEI]

Schreibt die Startkonfiguration eines Plans aus einer Plandatei (shardscope plan ... --json PLAN.json):
  megatron     Megatron-LM-Argumente für pretrain_gpt.py, als Bash-Array
  deepspeed    eine DeepSpeed-Konfiguration als JSON
  torchtitan   eine torchtitan-Job-Konfiguration als TOML
Optionen:
  --format F   das Framework (erforderlich)
  --plan RANG  welcher eingestufte Plan (Standard 1, der beste)
  --out DATEI  in DATEI statt auf die Standardausgabe schreiben
docs/launch-configs.md listet jeden Schlüssel und die Pläne, die ein Framework nicht ausführen kann.

Exit-Codes: 0 Erfolg; 2 fehlerhafte Befehlszeile; 3 ungültige Plandatei oder ein Plan, den das
Framework nicht ausdrücken kann; 4 die Ausgabedatei konnte nicht geschrieben werden.
</translation>
    </message>
    <message>
        <source>shardscope export: %1</source>
        <translation>shardscope export: %1</translation>
    </message>
    <message>
        <source>shardscope export: %1: cannot read the plan file: %2</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope export: %1: Die Plandatei kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>shardscope export: %1: the plan file holds no plans</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope export: %1: Die Plandatei enthält keine Pläne</translation>
    </message>
    <message>
        <source>shardscope export: --plan %1: %2 has no plan of that rank (ranks: %3)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope export: --plan %1: %2 hat keinen Plan mit diesem Rang (Ränge: %3)</translation>
    </message>
    <message>
        <source>shardscope export: cannot write to standard output</source>
        <translation>shardscope export: Schreiben auf die Standardausgabe nicht möglich</translation>
    </message>
    <message>
        <source>shardscope export: cannot write %1: %2</source>
        <translation>shardscope export: %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Wrote %1 (%2 launch config of plan %3).</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1 geschrieben (%2-Startkonfiguration von Plan %3).</translation>
    </message>
</context>
<context>
    <name>ExportController</name>
    <message>
        <source>%1: the plan could not be written: %2</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1: Der Plan konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: Schreiben nicht möglich: %2</translation>
    </message>
    <message>
        <source>Plan written to %1</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Plan geschrieben nach %1</translation>
    </message>
    <message>
        <source>There is no plan to export yet.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Es gibt noch keinen Plan zum Exportieren.</translation>
    </message>
    <message>
        <source>Export Plan JSON</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Plan als JSON exportieren</translation>
    </message>
    <message>
        <source>Plan files (*.json)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Plandateien (*.json)</translation>
    </message>
    <message>
        <source>Megatron-LM arguments (*.sh)</source>
        <translation>Megatron-LM-Argumente (*.sh)</translation>
    </message>
    <message>
        <source>DeepSpeed config (*.json)</source>
        <translation>DeepSpeed-Konfiguration (*.json)</translation>
    </message>
    <message>
        <source>torchtitan job config (*.toml)</source>
        <translation>torchtitan-Job-Konfiguration (*.toml)</translation>
    </message>
    <message>
        <source>Export Launch Config</source>
        <translation>Startkonfiguration exportieren</translation>
    </message>
    <message>
        <source>Framework:</source>
        <translation>Framework:</translation>
    </message>
    <message>
        <source>Launch config written to %1</source>
        <translation>Startkonfiguration geschrieben nach %1</translation>
    </message>
    <message>
        <source>Export as PNG or SVG</source>
        <translation>Als PNG oder SVG exportieren</translation>
    </message>
    <message>
        <source>Export Scale</source>
        <translation>Exportmaßstab</translation>
    </message>
    <message>
        <source>Scale (2 doubles the pixels for print):</source>
        <translation>Maßstab (2 verdoppelt die Pixel für den Druck):</translation>
    </message>
    <message>
        <source>Picture written to %1</source>
        <translation>Bild geschrieben nach %1</translation>
    </message>
</context>
<context>
    <name>FigureExporter</name>
    <message>
        <source>ShardScope %1 · predicted from published cost models · %2</source>
        <translation>ShardScope %1 · vorhergesagt mit veröffentlichten Kostenmodellen · %2</translation>
    </message>
    <message>
        <source>%1: the file name must end in .png or .svg</source>
        <translation>%1: Der Dateiname muss auf .png oder .svg enden</translation>
    </message>
    <message>
        <source>%1: the scale must be between 0.1 and 8, got %2</source>
        <translation>%1: Der Maßstab muss zwischen 0.1 und 8 liegen, erhalten: %2</translation>
    </message>
    <message>
        <source>%1: a %2 x %3 picture does not fit in memory</source>
        <translation>%1: Ein Bild von %2 x %3 passt nicht in den Speicher</translation>
    </message>
    <message>
        <source>%1: could not encode the PNG image</source>
        <translation>%1: Das PNG-Bild konnte nicht kodiert werden</translation>
    </message>
    <message>
        <source>%1: could not start the SVG document</source>
        <translation>%1: Das SVG-Dokument konnte nicht begonnen werden</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: Schreiben nicht möglich: %2</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg)</translation>
    </message>
</context>
<context>
    <name>FileController</name>
    <message>
        <source>The bundled example model is missing from this build.</source>
        <translation>Das mitgelieferte Beispielmodell fehlt in diesem Build.</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 wird importiert…</translation>
    </message>
    <message>
        <source>%1: the autosaved session's model could not be opened, the autosave is kept: %2</source>
        <translation>%1: Das Modell der automatisch gesicherten Sitzung kann nicht geöffnet werden, die Sicherung bleibt erhalten: %2</translation>
    </message>
    <message>
        <source>%1: the session's model could not be opened: %2</source>
        <translation>%1: Das Modell der Sitzung konnte nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>The model could not be imported.</source>
        <translation>Das Modell konnte nicht importiert werden.</translation>
    </message>
    <message>
        <source>%1: the bundled model "%2" is not part of this version</source>
        <translation>%1: Das mitgelieferte Modell „%2“ ist nicht Teil dieser Version</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>Modell öffnen</translation>
    </message>
    <message>
        <source>Models (*.json *.safetensors *.onnx *.graphml *.xml *.dot *.gv);;All files (*)</source>
        <translation>Modelle (*.json *.safetensors *.onnx *.graphml *.xml *.dot *.gv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message>
        <source>ShardScope sessions (*.shardscope)</source>
        <translation>ShardScope-Sitzungen (*.shardscope)</translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation>Sitzung speichern</translation>
    </message>
    <message>
        <source>Session saved to %1</source>
        <translation>Sitzung gespeichert in %1</translation>
    </message>
    <message>
        <source>Add GPUs</source>
        <translation>GPUs hinzufügen</translation>
    </message>
    <message>
        <source>Hardware catalog (*.json)</source>
        <translation>Hardwarekatalog (*.json)</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1: Lesen nicht möglich: %2</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>The inputs have changed since the session was last saved. Save them as a session before %1?</source>
        <translation>Die Eingaben wurden seit dem letzten Speichern der Sitzung geändert. Vor dem %1 als Sitzung speichern?</translation>
    </message>
    <message>
        <source>opening the example</source>
        <translation>Öffnen des Beispiels</translation>
    </message>
    <message>
        <source>opening %1</source>
        <translation>Öffnen von %1</translation>
    </message>
    <message>
        <source>opening another model</source>
        <translation>Öffnen eines anderen Modells</translation>
    </message>
    <message>
        <source>opening a session</source>
        <translation>Öffnen einer Sitzung</translation>
    </message>
</context>
<context>
    <name>Glossary</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>Tensor parallelism: each layer's weight matrices are split over this many GPUs (Megatron column/row parallel), which exchange activations twice per block in forward and in backward.</source>
        <translation>Tensorparallelität: Die Gewichtsmatrizen jeder Schicht werden auf so viele GPUs aufgeteilt (Megatron spalten-/zeilenparallel), die pro Block im Vorwärts- und im Rückwärtsdurchlauf je zweimal Aktivierungen austauschen.</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>Context parallelism: each sequence is split over this many GPUs; p2p passes keys and values around a ring, a2a (Ulysses) exchanges them by all-to-all.</source>
        <translation>Kontextparallelität: Jede Sequenz wird auf so viele GPUs aufgeteilt; p2p reicht Keys und Values im Ring weiter, a2a (Ulysses) tauscht sie per All-to-All aus.</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>Expert parallelism: the routed experts of each MoE layer are spread over this many GPUs, which exchange tokens by all-to-all. "EP x ETP" also splits each expert over ETP GPUs.</source>
        <translation>Expertenparallelität: Die gerouteten Experten jeder MoE-Schicht werden auf so viele GPUs verteilt, die Tokens per All-to-All austauschen. „EP x ETP“ teilt zusätzlich jeden Experten auf ETP GPUs auf.</translation>
    </message>
    <message>
        <source>ETP</source>
        <translation>ETP</translation>
    </message>
    <message>
        <source>Expert tensor parallelism: each routed expert's matrices split over this many GPUs (1 or TP).</source>
        <translation>Experten-Tensorparallelität: Die Matrizen jedes gerouteten Experten werden auf so viele GPUs aufgeteilt (1 oder TP).</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>Pipeline parallelism: consecutive blocks on different GPUs; micro-batches flow through the stages.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Pipeline-Parallelität: aufeinanderfolgende Blöcke auf verschiedenen GPUs; Micro-Batches fließen durch die Stufen.</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>Data parallelism: replicas on different slices of the batch; their gradients are reduced every step.</source>
        <translation>Datenparallelität: Replikate auf verschiedenen Teilen des Batches; ihre Gradienten werden in jedem Schritt reduziert.</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>Virtual pipeline stages: model chunks per GPU in interleaved schedules; more chunks shrink the bubble and add sends.</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Virtuelle Pipeline-Stufen: Modellteile pro GPU in verschachtelten Zeitplänen; mehr Teile verkleinern die Blase und fügen Sendungen hinzu.</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>Micro-Batch</translation>
    </message>
    <message>
        <source>Sequences one stage processes at a time; the global batch is micro-batch x DP x the number of micro-batches.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Sequenzen, die eine Stufe auf einmal verarbeitet; der globale Batch ist Micro-Batch x DP x Anzahl der Micro-Batches.</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>Speicher / GPU</translation>
    </message>
    <message>
        <source>Bytes on the fullest GPU at its peak: weights, gradients, optimizer states, activations in flight and other buffers.</source>
        <translation>Bytes auf der vollsten GPU in ihrer Spitze: Gewichte, Gradienten, Optimiererzustände, gerade gehaltene Aktivierungen und sonstige Puffer.</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>Predicted seconds per optimizer step, with the cost model's measured error on the GPU family.</source>
        <translation>Vorhergesagte Sekunden pro Optimiererschritt, mit dem gemessenen Fehler des Kostenmodells auf der GPU-Familie.</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>Training throughput of the whole cluster: tokens per step divided by the step time.</source>
        <translation>Trainingsdurchsatz des gesamten Clusters: Tokens pro Schritt geteilt durch die Schrittzeit.</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>HFU</source>
        <translation>HFU</translation>
    </message>
    <message>
        <source>Hardware FLOPs utilization: like MFU but counting recomputed forward passes too, so it is higher with recomputation.</source>
        <translation>Hardware FLOPs Utilization: wie MFU, zählt aber auch neu berechnete Vorwärtsdurchläufe, ist daher mit Neuberechnung höher.</translation>
    </message>
    <message>
        <source>Bubble</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>Blase</translation>
    </message>
    <message>
        <source>The share of the step pipeline stages sit idle while the pipeline fills and drains: (p - 1) / (m + p - 1) for 1F1B with p stages and m micro-batches. Over 15 % is flagged.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Der Anteil des Schritts, in dem Pipeline-Stufen untätig sind, während sich die Pipeline füllt und leert: (p - 1) / (m + p - 1) bei 1F1B mit p Stufen und m Micro-Batches. Über 15 % wird markiert.</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>The weighted score: throughput relative to the fastest plan that fits, memory headroom and the share of the step without exposed communication, each weighted by its slider. By default throughput alone. Hover a score for its parts.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Die gewichtete Bewertung: Durchsatz relativ zum schnellsten passenden Plan, Speicherspielraum und der Anteil des Schritts ohne sichtbare Kommunikation, jeweils mit seinem Schieberegler gewichtet. Standardmäßig nur der Durchsatz. Zeigen Sie auf eine Bewertung, um ihre Teile zu sehen.</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>Sharding of model states over the data-parallel GPUs: 1 optimizer states, 2 also gradients, 3 also weights (FSDP). HSDP shards within groups and replicates the groups.</source>
        <translation>Aufteilung der Modellzustände über die datenparallelen GPUs: 1 Optimiererzustände, 2 auch Gradienten, 3 auch Gewichte (FSDP). HSDP teilt innerhalb von Gruppen auf und repliziert die Gruppen.</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>Neuberechnung</translation>
    </message>
    <message>
        <source>Activation recomputation: selective recomputes attention's scores, full keeps only each block's input and recomputes the rest in backward.</source>
        <translation>Neuberechnung von Aktivierungen: selective berechnet die Attention-Scores neu, full behält nur die Eingabe jedes Blocks und berechnet den Rest im Rückwärtsdurchlauf neu.</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>Sequence parallelism: splits the activations TP replicates (norms, dropout) along the sequence over the TP GPUs.</source>
        <translation>Sequenzparallelität: teilt die Aktivierungen, die TP repliziert (Normen, Dropout), entlang der Sequenz auf die TP-GPUs auf.</translation>
    </message>
    <message>
        <source>TP overlap</source>
        <translation>TP-Überlappung</translation>
    </message>
    <message>
        <source>TP communication pipelined with the GEMMs (Megatron --tp-comm-overlap); needs sequence parallelism.</source>
        <translation>TP-Kommunikation mit den GEMMs verzahnt (Megatron --tp-comm-overlap); erfordert Sequenzparallelität.</translation>
    </message>
    <message>
        <source>PP overlap</source>
        <translation>PP-Überlappung</translation>
    </message>
    <message>
        <source>Sends between pipeline stages run behind compute, leaving only their latency exposed.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Sendungen zwischen Pipeline-Stufen laufen hinter dem Rechnen ab, sodass nur ihre Latenz sichtbar bleibt.</translation>
    </message>
    <message>
        <source>EP overlap</source>
        <translation>EP-Überlappung</translation>
    </message>
    <message>
        <source>One micro-batch's MoE all-to-alls run while another computes (Megatron --overlap-moe-expert-parallel-comm).</source>
        <translation>Die MoE-All-to-Alls eines Micro-Batches laufen, während ein anderer rechnet (Megatron --overlap-moe-expert-parallel-comm).</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Whether the plan fits in usable memory, which plan is the fastest that fits, how many equivalent plans a row stands for, or why a plan cannot run.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Ob der Plan in den nutzbaren Speicher passt, welcher Plan der schnellste passende ist, für wie viele gleichwertige Pläne eine Zeile steht oder warum ein Plan nicht laufen kann.</translation>
    </message>
    <message>
        <source>Memory margin</source>
        <translation>Speicherreserve</translation>
    </message>
    <message>
        <source>The share of each GPU's memory kept free for fragmentation and spikes; usable memory is the rest. It is the headroom rule: a plan fits when its fullest GPU stays under usable memory.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Der Anteil des Speichers jeder GPU, der für Fragmentierung und Spitzen frei bleibt; der Rest ist nutzbarer Speicher. Das ist die Spielraumregel: Ein Plan passt, wenn seine vollste GPU unter dem nutzbaren Speicher bleibt.</translation>
    </message>
    <message>
        <source>Usable memory</source>
        <translation>Nutzbarer Speicher</translation>
    </message>
    <message>
        <source>A GPU's memory minus the memory margin.</source>
        <translation>Der Speicher einer GPU abzüglich der Speicherreserve.</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>Speicherspielraum</translation>
    </message>
    <message>
        <source>Usable memory left free on the fullest GPU, as a share of usable memory; the memory part of the score.</source>
        <translation>Auf der vollsten GPU frei gebliebener nutzbarer Speicher, als Anteil am nutzbaren Speicher; der Speicherteil der Bewertung.</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>Sichtbare Kommunikation</translation>
    </message>
    <message>
        <source>Communication the GPUs wait for: what is not hidden behind compute (TP, CP, EP and pipeline sends, and the part of the data-parallel reduction after the last backward).</source>
        <translation>Kommunikation, auf die die GPUs warten: was nicht hinter dem Rechnen verborgen ist (TP, CP, EP und Pipeline-Sendungen sowie der Teil der datenparallelen Reduktion nach dem letzten Rückwärtsdurchlauf).</translation>
    </message>
    <message>
        <source>Equivalent plans</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Gleichwertige Pläne</translation>
    </message>
    <message>
        <source>Plans with the same layout and identical predictions that differ only in settings without effect (ZeRO-0 and ZeRO-1 at DP 1, the TP overlap at TP 1); the table shows one row for them.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Pläne mit derselben Aufteilung und identischen Vorhersagen, die sich nur in wirkungslosen Einstellungen unterscheiden (ZeRO-0 und ZeRO-1 bei DP 1, die TP-Überlappung bei TP 1); die Tabelle zeigt für sie eine Zeile.</translation>
    </message>
    <message>
        <source>Imbalance</source>
        <translation>Ungleichgewicht</translation>
    </message>
    <message>
        <source>The slowest pipeline stage's time per micro-batch over the fastest one's; the slowest stage sets the pace.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Die Zeit pro Micro-Batch der langsamsten Pipeline-Stufe im Verhältnis zur schnellsten; die langsamste Stufe bestimmt das Tempo.</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>The pipeline schedule: GPipe, 1F1B, interleaved 1F1B, and the zero-bubble ones (ZB-H1, interleaved zero bubble, ZBV) which defer weight gradients into the bubble.</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>Der Pipeline-Zeitplan: GPipe, 1F1B, verschachteltes 1F1B und die blasenfreien (ZB-H1, verschachtelt blasenfrei, ZBV), die Gewichtsgradienten in die Blase verschieben.</translation>
    </message>
    <message>
        <source>All-to-all</source>
        <translation>All-to-All</translation>
    </message>
    <message>
        <source>Every GPU of a group sends a distinct piece to every other: MoE token dispatch and combine, Ulysses context parallelism.</source>
        <translation>Jede GPU einer Gruppe sendet jeder anderen ein eigenes Stück: MoE-Token-Dispatch und -Combine, Ulysses-Kontextparallelität.</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>Pareto-Front</translation>
    </message>
    <message>
        <source>In the explorer, the plans no other plan beats on both chosen axes at once.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Im Explorer die Pläne, die kein anderer Plan auf beiden gewählten Achsen zugleich übertrifft.</translation>
    </message>
    <message>
        <source>Time to train</source>
        <translation>Trainingsdauer</translation>
    </message>
    <message>
        <source>Days to train a token budget at a plan's tokens/s; with GPU-hours (days x 24 x GPUs) and, when a price per GPU-hour is set, the cost. No price is assumed.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Tage, um ein Token-Budget mit den Tokens/s eines Plans zu trainieren; mit GPU-Stunden (Tage x 24 x GPUs) und, wenn ein Preis pro GPU-Stunde gesetzt ist, den Kosten. Es wird kein Preis angenommen.</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>Trainingstage</translation>
    </message>
    <message>
        <source>Days to train the token budget at the plan's tokens/s: tokens / (tokens/s x 86,400).</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Tage, um das Token-Budget mit den Tokens/s des Plans zu trainieren: Tokens / (Tokens/s x 86.400).</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>GPU-hours x the price per GPU-hour you set, in your currency; without a price no cost is shown.</source>
        <translation>GPU-Stunden x der von Ihnen gesetzte Preis pro GPU-Stunde, in Ihrer Währung; ohne Preis werden keine Kosten angezeigt.</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU-Stunden</translation>
    </message>
    <message>
        <source>GPUs x hours of a training run: days x 24 x the cluster's GPUs.</source>
        <translation>GPUs x Stunden eines Trainingslaufs: Tage x 24 x die GPUs des Clusters.</translation>
    </message>
    <message>
        <source>(docs/%1)</source>
        <translation>(docs/%1)</translation>
    </message>
    <message>
        <source>&lt;p&gt;No term matches.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Kein Begriff passt.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The plan's rank under the chosen strategy. By default the fastest plan that fits is #1, or a plan tied with it (within half the band of the predicted times) that has more headroom or more usual settings; hover a rank for why it is there.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Der Rang des Plans unter der gewählten Strategie. Standardmäßig ist der schnellste passende Plan #1 oder ein mit ihm gleichauf liegender Plan (innerhalb der halben Bandbreite der vorhergesagten Zeiten) mit mehr freiem Speicher oder üblicheren Einstellungen; zeigen Sie auf einen Rang, um zu sehen, warum er dort steht.</translation>
    </message>
    <message>
        <source>Model FLOPs utilization: the model's FLOPs per second (forward and backward, no recomputation) over the GPUs' peak. Attention scores are counted in full, as Megatron-LM logs them; the figure in brackets counts the half a causal mask hides as not done, as NVIDIA publishes MFU.</source>
        <translation>Model FLOPs Utilization: die FLOPs des Modells pro Sekunde (Vorwärts und Rückwärts, ohne Neuberechnung) bezogen auf die Spitzenleistung der GPUs. Attention-Scores werden voll gezählt, wie Megatron-LM sie protokolliert; der Wert in Klammern zählt die Hälfte, die eine kausale Maske verdeckt, als nicht ausgeführt, wie NVIDIA die MFU veröffentlicht.</translation>
    </message>
</context>
<context>
    <name>GlossaryDialog</name>
    <message>
        <source>Glossary</source>
        <translation>Glossar</translation>
    </message>
    <message>
        <source>Filter terms</source>
        <translation>Begriffe filtern</translation>
    </message>
</context>
<context>
    <name>ImbalanceView</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>Neuberechnung</translation>
    </message>
    <message>
        <source>TP communication</source>
        <translation>TP-Kommunikation</translation>
    </message>
    <message>
        <source>PP communication</source>
        <translation>PP-Kommunikation</translation>
    </message>
    <message>
        <source>No plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Kein Plan</translation>
    </message>
    <message>
        <source>No estimate: %1</source>
        <translation>Keine Schätzung: %1</translation>
    </message>
    <message>
        <source>Compute imbalance: a single stage, %1 per micro-batch</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Rechenungleichgewicht: eine einzige Stufe, %1 pro Micro-Batch</translation>
    </message>
    <message>
        <source>Compute imbalance: slowest / fastest stage = %1 (stage %2: %3, stage %4: %5)</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Rechenungleichgewicht: langsamste / schnellste Stufe = %1 (Stufe %2: %3, Stufe %4: %5)</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Stufe %1</translation>
    </message>
    <message>
        <source>mean %1</source>
        <translation>Mittel %1</translation>
    </message>
    <message>
        <source>Stage %1: %2 per micro-batch</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Stufe %1: %2 pro Micro-Batch</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>Layers %1</source>
        <translation>Schichten %1</translation>
    </message>
    <message>
        <source>GPUs %1–%2</source>
        <translation>GPUs %1–%2</translation>
    </message>
    <message>
        <source>CP communication</source>
        <translation>CP-Kommunikation</translation>
    </message>
    <message>
        <source>EP all-to-all</source>
        <translation>EP All-to-All</translation>
    </message>
    <message>
        <source>Imbalance %1: stage %2 %3, stage %4 %5</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Ungleichgewicht %1: Stufe %2 %3, Stufe %4 %5</translation>
    </message>
</context>
<context>
    <name>InputPanel</name>
    <message>
        <source>%1 T</source>
        <translation>%1 Bio.</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 Mrd.</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 Mio.</translation>
    </message>
    <message>
        <source>auto (searched)</source>
        <translation>automatisch (gesucht)</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>No model loaded.</source>
        <translation>Kein Modell geladen.</translation>
    </message>
    <message>
        <source>&amp;Open model…</source>
        <translation>Modell ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open a Hugging Face config.json, safetensors checkpoint (header only), ONNX model, GraphML or Graphviz DOT graph, or a ShardScope model JSON. You can also drop a file on the window.</source>
        <translation>Öffnet eine Hugging-Face-config.json, einen safetensors-Checkpoint (nur Header), ein ONNX-Modell, einen GraphML- oder Graphviz-DOT-Graphen oder ein ShardScope-Modell-JSON. Sie können auch eine Datei auf das Fenster ziehen.</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>The GPU model. Memory, peak FLOP/s and link bandwidths come from the hardware catalog (resources/hardware.json, with sources).</source>
        <translation>Das GPU-Modell. Speicher, Spitzen-FLOP/s und Verbindungsbandbreiten stammen aus dem Hardwarekatalog (resources/hardware.json, mit Quellen).</translation>
    </message>
    <message>
        <source>Number of nodes (servers).</source>
        <translation>Anzahl der Knoten (Server).</translation>
    </message>
    <message>
        <source>GPUs in one node, joined by the fast intra-node link (NVLink). Tensor parallelism is kept inside a node.</source>
        <translation>GPUs in einem Knoten, verbunden über die schnelle knoteninterne Verbindung (NVLink). Tensor-Parallelität bleibt innerhalb eines Knotens.</translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <source>Per-GPU bandwidth of the intra-node link, one direction. 0 uses the catalog value.</source>
        <translation>Bandbreite der knoteninternen Verbindung pro GPU, eine Richtung. 0 verwendet den Katalogwert.</translation>
    </message>
    <message>
        <source>Per-GPU bandwidth between nodes (InfiniBand/RoCE NIC), one direction. 0 uses the catalog value.</source>
        <translation>Bandbreite pro GPU zwischen Knoten (InfiniBand/RoCE-NIC), eine Richtung. 0 verwendet den Katalogwert.</translation>
    </message>
    <message>
        <source>&amp;GPU:</source>
        <translation>&amp;GPU:</translation>
    </message>
    <message>
        <source>&amp;Nodes:</source>
        <translation>&amp;Knoten:</translation>
    </message>
    <message>
        <source>GPUs per n&amp;ode:</source>
        <translation>GPUs pro Kn&amp;oten:</translation>
    </message>
    <message>
        <source>Intra-node link:</source>
        <translation>Knoteninterne Verbindung:</translation>
    </message>
    <message>
        <source>Inter-node link:</source>
        <translation>Verbindung zwischen Knoten:</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Tokens per sequence. Activation memory grows linearly with it (quadratically without flash attention).</source>
        <translation>Tokens pro Sequenz. Der Aktivierungsspeicher wächst linear damit (ohne Flash Attention quadratisch).</translation>
    </message>
    <message>
        <source>Sequences per optimizer step, over all data-parallel replicas. It fixes the number of micro-batches: global batch / (DP x micro-batch).</source>
        <translation>Sequenzen pro Optimiererschritt über alle datenparallelen Replikate. Legt die Zahl der Micro-Batches fest: globaler Batch / (DP x Micro-Batch).</translation>
    </message>
    <message>
        <source>Sequences per micro-batch, the unit that flows through the pipeline. Larger micro-batches use the GPU better but store more activations.</source>
        <translation>Sequenzen pro Micro-Batch, der Einheit, die durch die Pipeline fließt. Größere Micro-Batches lasten die GPU besser aus, speichern aber mehr Aktivierungen.</translation>
    </message>
    <message>
        <source>Number format of the math and of the stored activations. Mixed precision keeps fp32 master weights and Adam moments (16 bytes per parameter with bf16).</source>
        <translation>Zahlenformat der Rechnungen und der gespeicherten Aktivierungen. Gemischte Präzision behält fp32-Masterkopien der Gewichte und Adam-Momente (16 Byte pro Parameter mit bf16).</translation>
    </message>
    <message>
        <source>0: replicate everything</source>
        <translation>0: alles replizieren</translation>
    </message>
    <message>
        <source>1: shard optimizer states</source>
        <translation>1: Optimiererzustände aufteilen</translation>
    </message>
    <message>
        <source>2: shard optimizer states and gradients</source>
        <translation>2: Optimiererzustände und Gradienten aufteilen</translation>
    </message>
    <message>
        <source>3: shard optimizer states, gradients and weights</source>
        <translation>3: Optimiererzustände, Gradienten und Gewichte aufteilen</translation>
    </message>
    <message>
        <source>Activation recomputation (checkpointing): selective recomputes only the attention core (Korthikanti et al. 2022), full stores only each block's input and recomputes its forward pass during backward (about 33 % more math).</source>
        <translation>Aktivierungs-Neuberechnung (Checkpointing): selektiv berechnet nur den Attention-Kern neu (Korthikanti et al. 2022), vollständig speichert nur die Eingabe jedes Blocks und berechnet dessen Vorwärtsdurchlauf im Rückwärtsdurchlauf neu (etwa 33 % mehr Rechenaufwand).</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>Sequence parallelism (Megatron): the norms and dropouts between tensor-parallel regions are split along the sequence over the TP GPUs, so their activations are not replicated. Same communication volume as plain TP.</source>
        <translation>Sequenzparallelität (Megatron): Normierungen und Dropouts zwischen tensorparallelen Bereichen werden entlang der Sequenz über die TP-GPUs aufgeteilt, sodass ihre Aktivierungen nicht repliziert werden. Gleiches Kommunikationsvolumen wie reines TP.</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>Interleaved 1F1B</source>
        <translation>Verschachteltes 1F1B</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Share of each GPU's memory kept free for fragmentation and spikes.</source>
        <translation>Anteil des Speichers jeder GPU, der für Fragmentierung und Spitzen frei bleibt.</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>Tensor-parallel degree: each layer's matrices split over this many GPUs (Megatron column/row parallel); needs fast links, so it stays inside a node. Auto = searched.</source>
        <translation>Tensor-paralleler Grad: Die Matrizen jeder Schicht werden über so viele GPUs aufgeteilt (Megatron spalten-/zeilenparallel); braucht schnelle Verbindungen und bleibt daher in einem Knoten. Auto = gesucht.</translation>
    </message>
    <message>
        <source>Pipeline-parallel degree: the layers split into this many consecutive stages. Auto = searched.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Pipeline-paralleler Grad: Die Schichten werden in so viele aufeinanderfolgende Stufen geteilt. Auto = gesucht.</translation>
    </message>
    <message>
        <source>Data-parallel degree: model replicas, each on a slice of the batch. Auto = searched.</source>
        <translation>Datenparalleler Grad: Modellreplikate, jedes auf einem Teil des Batches. Auto = gesucht.</translation>
    </message>
    <message>
        <source>Virtual pipeline stages: model chunks per GPU with the interleaved schedule. Auto = searched.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Virtuelle Pipeline-Stufen: Modellteile pro GPU beim verschachtelten Zeitplan. Auto = gesucht.</translation>
    </message>
    <message>
        <source>%1 auto</source>
        <translation>%1 auto</translation>
    </message>
    <message>
        <source>Fixed degrees:</source>
        <translation>Feste Grade:</translation>
    </message>
    <message>
        <source>&amp;Sequence length:</source>
        <translation>&amp;Sequenzlänge:</translation>
    </message>
    <message>
        <source>Global &amp;batch:</source>
        <translation>Globaler &amp;Batch:</translation>
    </message>
    <message>
        <source>&amp;Micro-batch:</source>
        <translation>&amp;Micro-Batch:</translation>
    </message>
    <message>
        <source>&amp;Precision:</source>
        <translation>&amp;Präzision:</translation>
    </message>
    <message>
        <source>&amp;ZeRO stage:</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>&amp;ZeRO-Stufe:</translation>
    </message>
    <message>
        <source>&amp;Recomputation:</source>
        <translation>&amp;Neuberechnung:</translation>
    </message>
    <message>
        <source>Se&amp;quence parallel:</source>
        <translation>Se&amp;quenzparallel:</translation>
    </message>
    <message>
        <source>Sc&amp;hedule:</source>
        <translation>&amp;Zeitplan:</translation>
    </message>
    <message>
        <source>Memory margin:</source>
        <translation>Speicherreserve:</translation>
    </message>
    <message>
        <source>Ranking</source>
        <translation>Rangfolge</translation>
    </message>
    <message>
        <source>Strategy: %1</source>
        <translation>Strategie: %1</translation>
    </message>
    <message>
        <source>Preset: %1</source>
        <translation>Voreinstellung: %1</translation>
    </message>
    <message>
        <source>S&amp;trategy:</source>
        <translation>S&amp;trategie:</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>Kommunikation</translation>
    </message>
    <message>
        <source>Weight of memory headroom: the free share of the fullest GPU.</source>
        <translation>Gewicht des Speicherspielraums: der freie Anteil der vollsten GPU.</translation>
    </message>
    <message>
        <source>Weight of throughput: tokens per second relative to the fastest plan that fits.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Gewicht des Durchsatzes: Tokens pro Sekunde relativ zum schnellsten passenden Plan.</translation>
    </message>
    <message>
        <source>Weight of communication: the share of the step not spent waiting for exposed communication.</source>
        <translation>Gewicht der Kommunikation: der Anteil des Schritts, der nicht auf sichtbare Kommunikation wartet.</translation>
    </message>
    <message>
        <source>%1 (%2 GiB)</source>
        <translation>%1 (%2 GiB)</translation>
    </message>
    <message>
        <source>catalog (%1 GB/s)</source>
        <translation>Katalog (%1 GB/s)</translation>
    </message>
    <message>
        <source>%1 GPUs in total</source>
        <translation>%1 GPUs insgesamt</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;%3 parameters</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;%3 Parameter</translation>
    </message>
    <message>
        <source>, %1 active per token</source>
        <translation>, %1 aktiv pro Token</translation>
    </message>
    <message>
        <source>&lt;br&gt;1 layer</source>
        <translation>&lt;br&gt;1 Schicht</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 layers</source>
        <translation>&lt;br&gt;%1 Schichten</translation>
    </message>
    <message>
        <source>, 1 transformer block</source>
        <translation>, 1 Transformer-Block</translation>
    </message>
    <message>
        <source>, %1 transformer blocks</source>
        <translation>, %1 Transformer-Blöcke</translation>
    </message>
    <message>
        <source>&lt;br&gt;hidden %1, %2 heads (%3 KV), FFN %4</source>
        <translation>&lt;br&gt;Hidden %1, %2 Heads (%3 KV), FFN %4</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Import notes: %1, listed in the notes panel&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;Importhinweise: %1, im Hinweisbereich aufgeführt&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Bundled example: %1</source>
        <translation>Mitgeliefertes Beispiel: %1</translation>
    </message>
    <message>
        <source>Megatron --tp-comm-overlap: TP all-gathers and reduce-scatters pipelined with the GEMMs (Transformer Engine userbuffers), hiding most tensor-parallel communication; needs sequence parallelism and TP &gt; 1.</source>
        <translation>Megatron --tp-comm-overlap: TP-All-Gathers und -Reduce-Scatters werden mit den GEMMs verzahnt (Userbuffers der Transformer Engine), was den Großteil der tensorparallelen Kommunikation verdeckt; erfordert Sequenzparallelität und TP &gt; 1.</translation>
    </message>
    <message>
        <source>TP comm overlap:</source>
        <translation>TP-Kommunikationsüberlappung:</translation>
    </message>
    <message>
        <source>PP comm overlap:</source>
        <translation>PP-Kommunikationsüberlappung:</translation>
    </message>
    <message>
        <source>Pipeline sends and receives overlapped with the next chunk's compute (Megatron does it in the interleaved schedule only, and requires it there with PP 2; --no-overlap-p2p-communication turns it off).</source>
        <translation>Senden und Empfangen der Pipeline überlappt mit dem Rechnen des nächsten Modellteils (Megatron tut das nur im verschachtelten Zeitplan und verlangt es dort bei PP 2; --no-overlap-p2p-communication schaltet es ab).</translation>
    </message>
    <message>
        <source>ZeRO (DeepSpeed) / FSDP: how much of the model state is split over the data- and context-parallel GPUs instead of replicated. ZeRO-1 shards the fp32 optimizer states, ZeRO-2 also the gradients, ZeRO-3 also the weights (gathered layer by layer when needed, at the cost of 1.5x the data-parallel traffic). All stages combine with pipeline parallelism.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>ZeRO (DeepSpeed) / FSDP: wie viel des Modellzustands über die daten- und kontextparallelen GPUs aufgeteilt statt repliziert wird. ZeRO-1 teilt die fp32-Optimiererzustände auf, ZeRO-2 zusätzlich die Gradienten, ZeRO-3 zusätzlich die Gewichte (bei Bedarf Schicht für Schicht eingesammelt, auf Kosten des 1,5-fachen datenparallelen Verkehrs). Alle Stufen lassen sich mit Pipeline-Parallelität kombinieren.</translation>
    </message>
    <message>
        <source>Hybrid sharding (HSDP; torchtitan data_parallel_replicate_degree, Megatron's distributed optimizer instances): ZeRO shards the model state over groups of DP x CP / N GPUs and keeps N replicas of those groups, so the sharded collectives stay within a group and only the gradient all-reduce crosses replicas. 1 shards over all data-parallel GPUs. Auto = searched.</source>
        <translation>Hybrides Sharding (HSDP; torchtitan data_parallel_replicate_degree, Instanzen des verteilten Optimierers von Megatron): ZeRO teilt den Modellzustand über Gruppen von DP x CP / N GPUs auf und hält N Replikate dieser Gruppen, sodass die aufgeteilten kollektiven Operationen innerhalb einer Gruppe bleiben und nur das All-Reduce der Gradienten die Replikate überquert. 1 teilt über alle datenparallelen GPUs auf. Auto = gesucht.</translation>
    </message>
    <message>
        <source>ZB-H1 (zero bubble)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>ZB-H1 (blasenfrei)</translation>
    </message>
    <message>
        <source>Interleaved zero bubble</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>Verschachtelt, blasenfrei</translation>
    </message>
    <message>
        <source>ZBV (zero bubble, V-shaped)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>ZBV (blasenfrei, V-förmig)</translation>
    </message>
    <message>
        <source>Pipeline schedule. GPipe runs all forwards then all backwards (stores every micro-batch's activations); 1F1B alternates and stores at most one per stage; interleaved 1F1B gives each GPU several model chunks (virtual stages), cutting the pipeline bubble by that factor for more point-to-point traffic. The zero-bubble schedules (Qi et al. 2024) split each backward into input and weight gradients and run the weight gradients in the bubble: ZB-H1 with 1F1B's memory, interleaved zero bubble with several chunks, ZBV with two chunks placed in a V (torchtitan's InterleavedZeroBubble and ZBVZeroBubble).</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Pipeline-Zeitplan. GPipe führt erst alle Vorwärts-, dann alle Rückwärtsdurchläufe aus (speichert die Aktivierungen aller Micro-Batches); 1F1B wechselt ab und speichert höchstens eine pro Stufe; verschachteltes 1F1B gibt jeder GPU mehrere Modellteile (virtuelle Stufen) und verkleinert die Pipeline-Blase um diesen Faktor, bei mehr Punkt-zu-Punkt-Verkehr. Die blasenfreien Zeitpläne (Qi et al. 2024) teilen jeden Rückwärtsdurchlauf in Eingabe- und Gewichtsgradienten auf und führen die Gewichtsgradienten in der Blase aus: ZB-H1 mit dem Speicherbedarf von 1F1B, der verschachtelte blasenfreie Zeitplan mit mehreren Modellteilen, ZBV mit zwei in einem V angeordneten Modellteilen (InterleavedZeroBubble und ZBVZeroBubble von torchtitan).</translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP reshard_after_forward: on frees each layer's gathered weights after its forward and gathers them again for the backward (FSDP's default); off keeps them until the backward, one all-gather less per micro-batch for more memory (torchtitan's choice with pipeline parallelism). ZeRO-3 only.</source>
        <translation>ZeRO-3 / FSDP reshard_after_forward: An gibt die eingesammelten Gewichte jeder Schicht nach ihrem Vorwärtsdurchlauf frei und sammelt sie für den Rückwärtsdurchlauf erneut ein (Standard von FSDP); aus behält sie bis zum Rückwärtsdurchlauf, ein All-Gather weniger pro Micro-Batch für mehr Speicher (die Wahl von torchtitan bei Pipeline-Parallelität). Nur ZeRO-3.</translation>
    </message>
    <message>
        <source>ring (p2p)</source>
        <translation>Ring (p2p)</translation>
    </message>
    <message>
        <source>all-to-all (Ulysses)</source>
        <translation>All-to-All (Ulysses)</translation>
    </message>
    <message>
        <source>How context parallelism exchanges attention data (Megatron --cp-comm-type): p2p passes keys and values around a ring of the CP GPUs, overlapped with the attention blocks; a2a (DeepSpeed Ulysses) turns the sequence split into a split of the attention heads with all-to-alls before and after attention, so the heads must divide by TP x CP. Only with CP &gt; 1.</source>
        <translation>Wie Kontextparallelität die Attention-Daten austauscht (Megatron --cp-comm-type): p2p reicht Keys und Values in einem Ring über die CP-GPUs weiter, überlappt mit den Attention-Blöcken; a2a (DeepSpeed Ulysses) macht aus der Aufteilung der Sequenz mit All-to-Alls vor und nach der Attention eine Aufteilung der Attention-Köpfe, daher müssen die Köpfe durch TP x CP teilbar sein. Nur mit CP &gt; 1.</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>Context-parallel degree (Megatron --context-parallel-size): each sequence split into this many chunks on different GPUs, which exchange keys and values in attention; it divides the activations of long sequences. Auto = searched.</source>
        <translation>Kontextparalleler Grad (Megatron --context-parallel-size): Jede Sequenz wird in so viele Teile auf verschiedenen GPUs aufgeteilt, die in der Attention Keys und Values austauschen; das teilt die Aktivierungen langer Sequenzen auf. Auto = gesucht.</translation>
    </message>
    <message>
        <source>HSDP replicas:</source>
        <translation>HSDP-Replikate:</translation>
    </message>
    <message>
        <source>Reshard after forward:</source>
        <translation>Nach Vorwärtsdurchlauf neu aufteilen:</translation>
    </message>
    <message>
        <source>CP communication:</source>
        <translation>CP-Kommunikation:</translation>
    </message>
    <message>
        <source>&lt;br&gt;mixture of experts: %1 routed experts, %2 per token</source>
        <translation>&lt;br&gt;Mixture of Experts: %1 geroutete Experten, %2 pro Token</translation>
    </message>
    <message>
        <source>%1

Disabled: the model has no routed experts (not a mixture of experts), so there is nothing to spread over expert parallelism.</source>
        <translation>%1

Deaktiviert: Das Modell hat keine gerouteten Experten (keine Mixture of Experts), es gibt also nichts, das Expertenparallelität verteilen könnte.</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>ETP</source>
        <translation>ETP</translation>
    </message>
    <message>
        <source>dropless</source>
        <translation>ohne Verwerfen</translation>
    </message>
    <message>
        <source>MoE imbalance:</source>
        <translation>MoE-Ungleichgewicht:</translation>
    </message>
    <message>
        <source>MoE capacity factor:</source>
        <translation>MoE-Kapazitätsfaktor:</translation>
    </message>
    <message>
        <source>Expert-parallel degree (Megatron --expert-model-parallel-size, torchtitan expert_parallel_degree): each MoE layer's routed experts spread over this many GPUs, which exchange tokens by all-to-all (dispatch and combine). Megatron's MoE parallel folding lays the experts out over the same GPUs as TP x CP x DP, so EP x ETP must divide them. Auto = searched.</source>
        <translation>Expertenparalleler Grad (Megatron --expert-model-parallel-size, torchtitan expert_parallel_degree): Die gerouteten Experten jeder MoE-Schicht werden auf so viele GPUs verteilt, die Tokens per All-to-All austauschen (Dispatch und Combine). Megatrons MoE Parallel Folding legt die Experten auf dieselben GPUs wie TP x CP x DP, daher muss EP x ETP diese teilen. Auto = gesucht.</translation>
    </message>
    <message>
        <source>Expert tensor-parallel degree (Megatron --expert-tensor-parallel-size, torchtitan expert_tensor_parallel_degree): each routed expert's matrices split over this many GPUs, independently of the attention's TP; worth it for large experts. Auto = searched.</source>
        <translation>Experten-tensorparalleler Grad (Megatron --expert-tensor-parallel-size, torchtitan expert_tensor_parallel_degree): Die Matrizen jedes gerouteten Experten werden auf so viele GPUs aufgeteilt, unabhängig vom TP der Attention; lohnt sich bei großen Experten. Auto = gesucht.</translation>
    </message>
    <message>
        <source>Dropless routing (Megatron's default): the busiest expert's tokens over the mean, which sets the slowest GPU's expert work, all-to-all volume and buffers. 1 is a perfectly balanced router; 1.25 (the default) is the capacity factor at which Switch Transformer routing drops under 1 % of tokens (Fedus et al. 2022).</source>
        <translation>Routing ohne Verwerfen (Megatrons Standard): die Tokens des am stärksten belasteten Experten im Verhältnis zum Mittel; das bestimmt die Expertenarbeit der langsamsten GPU, das All-to-All-Volumen und die Puffer. 1 ist ein perfekt ausgeglichener Router; 1,25 (der Standard) ist der Kapazitätsfaktor, bei dem Switch-Transformer-Routing weniger als 1 % der Tokens verwirft (Fedus et al. 2022).</translation>
    </message>
    <message>
        <source>Token dropping (Megatron --moe-expert-capacity-factor with --moe-pad-expert-input-to-capacity): every expert computes exactly this many times its average tokens and drops the rest. Dropless = no capacity factor; the imbalance applies.</source>
        <translation>Verwerfen von Tokens (Megatron --moe-expert-capacity-factor mit --moe-pad-expert-input-to-capacity): Jeder Experte berechnet genau das Vielfache seiner mittleren Tokenzahl und verwirft den Rest. Ohne Verwerfen = kein Kapazitätsfaktor; dann gilt das Ungleichgewicht.</translation>
    </message>
    <message>
        <source>%1

Disabled: a capacity factor is set, so every expert computes exactly that many tokens.</source>
        <translation>%1

Deaktiviert: Ein Kapazitätsfaktor ist gesetzt, daher berechnet jeder Experte genau so viele Tokens.</translation>
    </message>
    <message>
        <source>EP comm overlap:</source>
        <translation>EP-Kommunikationsüberlappung:</translation>
    </message>
    <message>
        <source>Megatron --overlap-moe-expert-parallel-comm: the MoE all-to-alls (dispatch and combine) of one micro-batch run while another micro-batch computes, as Megatron's combined 1F1B schedule pairs one micro-batch's forward with another's backward layer by layer. Needs EP &gt; 1, no full recomputation, bf16 or fp16, and with PP &gt; 1 the interleaved schedule. Auto = searched.</source>
        <translation>Megatron --overlap-moe-expert-parallel-comm: Die MoE-All-to-Alls (Dispatch und Combine) eines Micro-Batches laufen, während ein anderer Micro-Batch rechnet, denn Megatrons kombinierter 1F1B-Zeitplan paart Schicht für Schicht den Vorwärtsdurchlauf eines Micro-Batches mit dem Rückwärtsdurchlauf eines anderen. Erfordert EP &gt; 1, keine volle Neuberechnung, bf16 oder fp16 und bei PP &gt; 1 den verschachtelten Zeitplan. Auto = gesucht.</translation>
    </message>
    <message>
        <source>Time to train</source>
        <translation>Trainingsdauer</translation>
    </message>
    <message>
        <source> T tokens</source>
        <translation> Bio. Tokens</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ohne</translation>
    </message>
    <message>
        <source>Tokens to train on, in trillions (Llama 3: 15.6 T). With a budget the plan table shows days to train and GPU-hours for every plan.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Tokens, auf denen trainiert wird, in Billionen (Llama 3: 15,6 Bio.). Mit einem Budget zeigt die Plantabelle für jeden Plan Trainingstage und GPU-Stunden.</translation>
    </message>
    <message>
        <source> per GPU-hour</source>
        <translation> pro GPU-Stunde</translation>
    </message>
    <message>
        <source>What one GPU-hour costs you, in your currency. ShardScope assumes no price: without one no cost is shown.</source>
        <translation>Was Sie eine GPU-Stunde kostet, in Ihrer Währung. ShardScope nimmt keinen Preis an: Ohne Preis werden keine Kosten angezeigt.</translation>
    </message>
    <message>
        <source>Token budget:</source>
        <translation>Token-Budget:</translation>
    </message>
    <message>
        <source>Price:</source>
        <translation>Preis:</translation>
    </message>
    <message>
        <source>Fastest plan that fits (weighted score)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Schnellster passender Plan (gewichtete Bewertung)</translation>
    </message>
    <message>
        <source>How plans are ranked. Every plan is searched either way. By default the fastest plan that fits ranks first (the memory margin is the headroom rule) and the sliders can trade speed for headroom or less exposed communication; the seed's strategies order plans by their own rule; the presets also set the weights and the memory margin, and put the margin back when you leave them.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Wie Pläne eingestuft werden. Durchsucht wird in jedem Fall jeder Plan. Standardmäßig steht der schnellste passende Plan vorn (die Speicherreserve ist die Spielraumregel), und die Schieberegler können Geschwindigkeit gegen Spielraum oder weniger sichtbare Kommunikation eintauschen; die Strategien des Prototyps ordnen Pläne nach ihrer eigenen Regel; die Voreinstellungen setzen auch die Gewichte und die Speicherreserve und stellen die Reserve zurück, wenn Sie sie verlassen.</translation>
    </message>
    <message>
        <source>Not used: the %1 strategy ranks plans by its own rule. Choose the weighted score or Hybrid to rank by these weights.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Nicht verwendet: Die Strategie %1 stuft Pläne nach ihrer eigenen Regel ein. Wählen Sie die gewichtete Bewertung oder Hybrid, um nach diesen Gewichten einzustufen.</translation>
    </message>
    <message>
        <source>The %1 preset sets the memory margin to %2 % (it was %3 %); it goes back when you choose another strategy.</source>
        <translation>Die Voreinstellung %1 setzt die Speicherreserve auf %2 % (sie war %3 %); sie wird zurückgesetzt, wenn Sie eine andere Strategie wählen.</translation>
    </message>
    <message>
        <source>Constants fitted to %1 (%2 runs, fitted %3).</source>
        <translation>Konstanten angepasst an %1 (%2 Läufe, angepasst am %3).</translation>
    </message>
    <message>
        <source>The stack has: %1.</source>
        <translation>Der Stack hat: %1.</translation>
    </message>
    <message>
        <source>The software stack the plans are predicted for: each profile has its own fitted constants and its own cross-validated error band (shardscope validate --profile NAME).</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Der Software-Stack, für den die Pläne vorhergesagt werden: Jedes Profil hat eigene angepasste Konstanten und ein eigenes kreuzvalidiertes Fehlerband (shardscope validate --profile NAME).</translation>
    </message>
    <message>
        <source>Stack &amp;profile:</source>
        <translation>Stack-&amp;Profil:</translation>
    </message>
    <message>
        <source>balanced (searched)</source>
        <translation>ausgeglichen (durchsucht)</translation>
    </message>
    <message>
        <source>even (Megatron's default)</source>
        <translation>gleichmäßig (Standard von Megatron)</translation>
    </message>
    <message>
        <source>Pipeline split:</source>
        <translation>Pipeline-Aufteilung:</translation>
    </message>
    <message>
        <source>layout string</source>
        <translation>Layout-Zeichenkette</translation>
    </message>
    <message>
        <source>Which blocks each pipeline stage holds: placed by the search so the slowest stage is as fast as memory allows, split evenly over the model chunks as Megatron-LM does unless told otherwise (first and last stage counts: shardscope plan --first-stage-blocks, --last-stage-blocks), or as a layout string places them.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Welche Blöcke jede Pipeline-Stufe hält: von der Suche so platziert, dass die langsamste Stufe so schnell ist, wie der Speicher erlaubt, gleichmäßig auf die Modellteile verteilt, wie Megatron-LM es ohne andere Angabe tut (Blockzahlen der ersten und letzten Stufe: shardscope plan --first-stage-blocks, --last-stage-blocks), oder wie eine Layout-Zeichenkette sie platziert.</translation>
    </message>
    <message>
        <source>e.g. Et*3|(t*4|)*6,t*3L</source>
        <translation>z. B. Et*3|(t*4|)*6,t*3L</translation>
    </message>
    <message>
        <source>Megatron-LM's --pipeline-model-parallel-layout: E embedding, t transformer block, m MTP module, L loss, | between model chunks in model order (chunk k of stage s is entry k x PP + s), x*N and (...)*N repeat. It fixes PP x VPP.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>--pipeline-model-parallel-layout von Megatron-LM: E Embedding, t Transformer-Block, m MTP-Modul, L Loss, | zwischen Modellteilen in Modellreihenfolge (Teil k der Stufe s ist Eintrag k x PP + s), x*N und (...)*N wiederholen. Es legt PP x VPP fest.</translation>
    </message>
    <message>
        <source>Pipeline layout:</source>
        <translation>Pipeline-Layout:</translation>
    </message>
    <message>
        <source>Enter a layout string, e.g. Et*3|(t*4|)*6,t*3L.</source>
        <translation>Geben Sie eine Layout-Zeichenkette ein, z. B. Et*3|(t*4|)*6,t*3L.</translation>
    </message>
    <message>
        <source>Character %1: %2</source>
        <translation>Zeichen %1: %2</translation>
    </message>
    <message>
        <source>uniform</source>
        <translation>gleichmäßig (uniform)</translation>
    </message>
    <message>
        <source>block</source>
        <translation>erste Blöcke (block)</translation>
    </message>
    <message>
        <source> blocks</source>
        <translation> Blöcke</translation>
    </message>
    <message>
        <source>What full recomputation does in each model chunk (Megatron-LM --recompute-method, --recompute-num-layers): uniform checkpoints groups of N blocks, each keeping only its input and rebuilt whole during backward; block recomputes only the first N blocks and stores the others' activations. Uniform 1 (the default) checkpoints every block on its own.</source>
        <translation>Was volle Neuberechnung in jedem Modellteil tut (Megatron-LM --recompute-method, --recompute-num-layers): uniform setzt Checkpoints für Gruppen von N Blöcken, die nur ihre Eingabe behalten und im Rückwärtsdurchlauf als Ganzes neu aufgebaut werden; block berechnet nur die ersten N Blöcke neu und speichert die Aktivierungen der übrigen. Uniform 1 (Standard) setzt für jeden Block einen eigenen Checkpoint.</translation>
    </message>
    <message>
        <source>Full recompute:</source>
        <translation>Volle Neuberechnung:</translation>
    </message>
    <message>
        <source>FP8 recipe:</source>
        <translation>FP8-Rezept:</translation>
    </message>
    <message>
        <source>How FP8 training scales its tensors (Megatron-LM --fp8-recipe): delayed casts in one pass with the scale of earlier steps; tensorwise (current scaling) first reads each tensor for its maximum, then casts; blockwise casts in one pass with a scale per block of 1x128 (activations) or 128x128 (weights). Only with fp8. The first and last blocks kept in BF16: shardscope plan --bf16-first-blocks, --bf16-last-blocks.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Wie FP8-Training seine Tensoren skaliert (Megatron-LM --fp8-recipe): delayed wandelt in einem Durchgang mit der Skala früherer Schritte um; tensorwise (aktuelle Skalierung) liest jeden Tensor zuerst für sein Maximum und wandelt dann um; blockwise wandelt in einem Durchgang mit einer Skala je Block von 1x128 (Aktivierungen) oder 128x128 (Gewichte) um. Nur mit fp8. Die ersten und letzten Blöcke in BF16: shardscope plan --bf16-first-blocks, --bf16-last-blocks.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Notes and proposals</source>
        <translation>Hinweise und Vorschläge</translation>
    </message>
    <message>
        <source>Open a model to start.</source>
        <translation>Öffnen Sie ein Modell, um zu beginnen.</translation>
    </message>
    <message>
        <source>%p % searched</source>
        <translation>%p % durchsucht</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the running search (Esc)</source>
        <translation>Die laufende Suche anhalten (Esc)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open Model…</source>
        <translation>Modell ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Open &amp;Example</source>
        <translation>&amp;Beispiel öffnen</translation>
    </message>
    <message>
        <source>Open &amp;Session…</source>
        <translation>&amp;Sitzung öffnen…</translation>
    </message>
    <message>
        <source>&amp;Save Session</source>
        <translation>Sitzung s&amp;peichern</translation>
    </message>
    <message>
        <source>Save Session &amp;As…</source>
        <translation>Sitzung speichern &amp;unter…</translation>
    </message>
    <message>
        <source>Export Plan &amp;JSON…</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Plan als &amp;JSON exportieren…</translation>
    </message>
    <message>
        <source>Export &amp;Launch Config…</source>
        <translation>&amp;Startkonfiguration exportieren…</translation>
    </message>
    <message>
        <source>Export &amp;View as PNG/SVG</source>
        <translation>&amp;Ansicht als PNG/SVG exportieren</translation>
    </message>
    <message>
        <source>&amp;Current View…</source>
        <translation>&amp;Aktuelle Ansicht…</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>Whole &amp;Window…</source>
        <translation>Ganzes &amp;Fenster…</translation>
    </message>
    <message>
        <source>Add &amp;GPUs from File…</source>
        <translation>&amp;GPUs aus Datei hinzufügen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>&amp;Plan</translation>
    </message>
    <message>
        <source>&amp;Search Again</source>
        <translation>Erneut &amp;suchen</translation>
    </message>
    <message>
        <source>&amp;Cancel Search</source>
        <translation>Suche &amp;abbrechen</translation>
    </message>
    <message>
        <source>Show Plans That Do &amp;Not Fit</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Pläne anzeigen, die &amp;nicht passen</translation>
    </message>
    <message>
        <source>Go to &amp;Plans Table</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Zur &amp;Plantabelle</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Glossary</source>
        <translation>&amp;Glossar</translation>
    </message>
    <message>
        <source>&amp;About ShardScope</source>
        <translation>Ü&amp;ber ShardScope</translation>
    </message>
    <message>
        <source>About ShardScope</source>
        <translation>Über ShardScope</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;ShardScope %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Plans tensor, pipeline and data parallelism, ZeRO, recomputation and schedules for training large models, from published cost models.&lt;/p&gt;</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>&lt;p&gt;&lt;b&gt;ShardScope %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Plant Tensor-, Pipeline- und Datenparallelität, ZeRO, Neuberechnung und Zeitpläne für das Training großer Modelle anhand veröffentlichter Kostenmodelle.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>L&amp;anguage</source>
        <extracomment>Menu of user-interface languages; each language is named in itself.</extracomment>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>The new language applies after ShardScope restarts.</source>
        <translation>Die neue Sprache gilt nach einem Neustart von ShardScope.</translation>
    </message>
    <message>
        <source>ShardScope[*]</source>
        <translation>ShardScope[*]</translation>
    </message>
    <message>
        <source>%1[*] — ShardScope</source>
        <translation>%1[*] — ShardScope</translation>
    </message>
    <message>
        <source>E&amp;xplorer</source>
        <translation>E&amp;xplorer</translation>
    </message>
    <message>
        <source>Every plan the search evaluated as a point: pick the axes and the colouring, see the Pareto front, click a point to select its plan, drag a rectangle to filter the plan table.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Jeder Plan, den die Suche bewertet hat, als Punkt: Achsen und Färbung wählen, die Pareto-Front sehen, auf einen Punkt klicken, um seinen Plan auszuwählen, ein Rechteck ziehen, um die Plantabelle zu filtern.</translation>
    </message>
    <message>
        <source>Every plan searched</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Alle durchsuchten Pläne</translation>
    </message>
    <message>
        <source>The sweep cannot start: %1</source>
        <translation>Der Sweep kann nicht starten: %1</translation>
    </message>
    <message>
        <source>S&amp;weep</source>
        <translation>S&amp;weep</translation>
    </message>
    <message>
        <source>The best plan at every GPU count, global batch or sequence length: throughput, MFU, bubble, step time and memory, with the smallest cluster that fits marked.</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Der beste Plan bei jeder GPU-Anzahl, jedem globalen Batch oder jeder Sequenzlänge: Durchsatz, MFU, Blase, Schrittzeit und Speicher, der kleinste passende Cluster markiert.</translation>
    </message>
    <message>
        <source>Best plan by cluster size</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Bester Plan nach Clustergröße</translation>
    </message>
    <message>
        <source>The model changed to %1: run the sweep again.</source>
        <translation>Das Modell ist jetzt %1: Führen Sie den Sweep erneut aus.</translation>
    </message>
    <message>
        <source>opening %1</source>
        <translation>Öffnen von %1</translation>
    </message>
    <message>
        <source>closing</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>MemoryChartData</name>
    <message>
        <source>S%1</source>
        <translation>S%1</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>Gradienten</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>Optimiererzustände</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Aktivierungen</translation>
    </message>
    <message>
        <source>Embedding and logits</source>
        <translation>Embedding und Logits</translation>
    </message>
    <message>
        <source>Other (CUDA context, NCCL, buffers)</source>
        <translation>Sonstiges (CUDA-Kontext, NCCL, Puffer)</translation>
    </message>
    <message>
        <source>Routed experts</source>
        <translation>Geroutete Experten</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>Geteilte Experten</translation>
    </message>
    <message>
        <source>Other weights, gradients, optimizer</source>
        <translation>Übrige Gewichte, Gradienten, Optimierer</translation>
    </message>
    <message>
        <source>MoE activations</source>
        <translation>MoE-Aktivierungen</translation>
    </message>
    <message>
        <source>MoE dispatcher buffers</source>
        <translation>MoE-Dispatcher-Puffer</translation>
    </message>
    <message>
        <source>Stage %1: GPUs %2–%3, each</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Stufe %1: GPUs %2–%3, je</translation>
    </message>
    <message>
        <source>GPU %1 (stage %2)</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>GPU %1 (Stufe %2)</translation>
    </message>
    <message>
        <source>%1 GiB of %2 GiB usable</source>
        <translation>%1 GiB von %2 GiB nutzbar</translation>
    </message>
    <message>
        <source>Weights %1 GiB, gradients %2 GiB, optimizer states %3 GiB</source>
        <translation>Gewichte %1 GiB, Gradienten %2 GiB, Optimiererzustände %3 GiB</translation>
    </message>
    <message>
        <source>Activations %1 GiB, embedding and logits %2 GiB, other %3 GiB</source>
        <translation>Aktivierungen %1 GiB, Embedding und Logits %2 GiB, Sonstiges %3 GiB</translation>
    </message>
    <message>
        <source>Routed experts %1 GiB, shared experts %2 GiB (their weights, gradients and optimizer states)</source>
        <translation>Geroutete Experten %1 GiB, geteilte Experten %2 GiB (ihre Gewichte, Gradienten und Optimiererzustände)</translation>
    </message>
    <message>
        <source>MoE activations %1 GiB (of the activations), dispatcher buffers %2 GiB (of other)</source>
        <translation>MoE-Aktivierungen %1 GiB (Teil der Aktivierungen), Dispatcher-Puffer %2 GiB (Teil von Sonstiges)</translation>
    </message>
</context>
<context>
    <name>MemoryChartView</name>
    <message>
        <source>Memory per GPU</source>
        <translation>Speicher pro GPU</translation>
    </message>
    <message>
        <source>Usable capacity</source>
        <translation>Nutzbare Kapazität</translation>
    </message>
    <message>
        <source>GPU (global rank)</source>
        <translation>GPU (globaler Rang)</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>GiB pro GPU</translation>
    </message>
    <message>
        <source>No plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Kein Plan</translation>
    </message>
    <message>
        <source>No estimate: %1</source>
        <translation>Keine Schätzung: %1</translation>
    </message>
    <message>
        <source>Memory per GPU: %1 GPUs</source>
        <translation>Speicher pro GPU: %1 GPUs</translation>
    </message>
    <message>
        <source>Memory per GPU: one bar for all %1 GPUs, which hold the same bytes</source>
        <translation>Speicher pro GPU: ein Balken für alle %1 GPUs, die dieselben Bytes halten</translation>
    </message>
    <message>
        <source>Memory per GPU: all %1 GPUs alike</source>
        <translation>Speicher pro GPU: alle %1 GPUs gleich</translation>
    </message>
    <message>
        <source>Memory per GPU: a bar per pipeline stage, one GPU each</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Speicher pro GPU: ein Balken pro Pipeline-Stufe, je eine GPU</translation>
    </message>
    <message>
        <source>Memory per GPU: %1 GPUs in %2 pipeline stages; a bar per stage stands for its %3 GPUs, which hold the same bytes</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Speicher pro GPU: %1 GPUs in %2 Pipeline-Stufen; ein Balken pro Stufe steht für ihre %3 GPUs, die dieselben Bytes halten</translation>
    </message>
    <message>
        <source>Memory per GPU: a bar per stage of %1 identical GPUs</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Speicher pro GPU: ein Balken pro Stufe aus %1 gleichen GPUs</translation>
    </message>
    <message>
        <source>pipeline stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Pipeline-Stufe</translation>
    </message>
    <message>
        <source>usable %1 GiB</source>
        <translation>nutzbar %1 GiB</translation>
    </message>
</context>
<context>
    <name>ModelReport</name>
    <message>
        <source>Model %1 (%2)</source>
        <translation>Modell %1 (%2)</translation>
    </message>
    <message>
        <source>  layers           %1 in %2 transformer blocks</source>
        <translation>  Schichten        %1 in %2 Transformer-Blöcken</translation>
    </message>
    <message>
        <source>  operators        %1 with %2 data edges</source>
        <translation>  Operatoren       %1 mit %2 Datenkanten</translation>
    </message>
    <message>
        <source>  shape            hidden %1, %2 layers, %3 heads (%4 key/value), FFN %5, vocabulary %6</source>
        <translation>  Form             Hidden %1, %2 Schichten, %3 Heads (%4 Key/Value), FFN %5, Vokabular %6</translation>
    </message>
    <message>
        <source>, %1 experts (%2 per token)</source>
        <translation>, %1 Experten (%2 pro Token)</translation>
    </message>
    <message>
        <source>Graph analysis (%1, forward FLOPs per token at sequence length %2)</source>
        <translation>Graphanalyse (%1, Vorwärts-FLOPs pro Token bei Sequenzlänge %2)</translation>
    </message>
    <message>
        <source>operator graph</source>
        <translation>Operatorgraph</translation>
    </message>
    <message>
        <source>layer graph</source>
        <translation>Schichtgraph</translation>
    </message>
    <message>
        <source>  vertices, edges  %1, %2 (%3 sources, %4 sinks)</source>
        <translation>  Knoten, Kanten   %1, %2 (%3 Quellen, %4 Senken)</translation>
    </message>
    <message>
        <source>  depth            %1 vertices on the longest path</source>
        <translation>  Tiefe            %1 Knoten auf dem längsten Pfad</translation>
    </message>
    <message>
        <source>  critical path    %1 FLOP of %2 total (%3 %), %4 vertices; work/span %5</source>
        <translation>  kritischer Pfad  %1 FLOP von %2 insgesamt (%3 %), %4 Knoten; Arbeit/Spanne %5</translation>
    </message>
    <message>
        <source>  parallel width   %1 vertices that could run at once (level %2)</source>
        <translation>  parallele Breite %1 Knoten, die gleichzeitig laufen könnten (Ebene %2)</translation>
    </message>
    <message>
        <source>  operator mix</source>
        <translation>  Operatormix</translation>
    </message>
    <message>
        <source>    ... %1 more operator types</source>
        <translation>    ... %1 weitere Operatortypen</translation>
    </message>
    <message>
        <source>  largest %1</source>
        <translation>  größte %1</translation>
    </message>
    <message>
        <source>operators</source>
        <translation>Operatoren</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <source>Import notes</source>
        <translation>Importhinweise</translation>
    </message>
    <message>
        <source>  parameters       %1 (%2)</source>
        <translation>  Parameter        %1 (%2)</translation>
    </message>
    <message>
        <source>, %1 active per token (%2)</source>
        <translation>, %1 aktiv pro Token (%2)</translation>
    </message>
    <message>
        <source>                   + %1 (%2) in 1 multi-token-prediction module, not in the total</source>
        <translation>                   + %1 (%2) in 1 Multi-Token-Prediction-Modul, nicht in der Summe</translation>
    </message>
    <message>
        <source>                   + %1 (%2) in %3 multi-token-prediction modules, not in the total</source>
        <translation>                   + %1 (%2) in %3 Multi-Token-Prediction-Modulen, nicht in der Summe</translation>
    </message>
    <message>
        <source>  experts          %1 of %2 blocks a mixture of %3 routed experts, top-%4, expert FFN %5</source>
        <translation>  Experten         %1 von %2 Blöcken eine Mixture aus %3 gerouteten Experten, Top-%4, Experten-FFN %5</translation>
    </message>
    <message>
        <source>; shared expert FFN %1 (gated)</source>
        <translation>; geteilter Experte FFN %1 (mit Gate)</translation>
    </message>
    <message>
        <source>; shared expert FFN %1</source>
        <translation>; geteilter Experte FFN %1</translation>
    </message>
    <message>
        <source>; router bias</source>
        <translation>; Router-Bias</translation>
    </message>
    <message>
        <source>  dense blocks     the first %1 (FFN %2), then a MoE block every %3</source>
        <translation>  dichte Blöcke    die ersten %1 (FFN %2), danach alle %3 ein MoE-Block</translation>
    </message>
    <message>
        <source>  dense blocks     the first %1 (FFN %2)</source>
        <translation>  dichte Blöcke    die ersten %1 (FFN %2)</translation>
    </message>
    <message>
        <source>  routed experts   %1 (%2) of the parameters</source>
        <translation>  geroutete Exp.   %1 (%2) der Parameter</translation>
    </message>
    <message>
        <source>  latent attention q rank %1, key/value rank %2; per head query/key %3 + %4 rotary, value %5</source>
        <translation>  latente Attention Q-Rang %1, Key/Value-Rang %2; pro Head Query/Key %3 + %4 rotary, Value %5</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
</context>
<context>
    <name>PlanOptionsParser</name>
    <message>
        <source>option %1 expects a value</source>
        <translation>Option %1 erwartet einen Wert</translation>
    </message>
    <message>
        <source>%1 expects an integer, got "%2"</source>
        <translation>%1 erwartet eine ganze Zahl, erhalten: „%2“</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3, got %4</source>
        <translation>%1 muss zwischen %2 und %3 liegen, erhalten: %4</translation>
    </message>
    <message>
        <source>%1 expects a number, got "%2"</source>
        <translation>%1 erwartet eine Zahl, erhalten: „%2“</translation>
    </message>
    <message>
        <source>no such file, and not a bundled model (bundled: %1)</source>
        <translation>Datei nicht vorhanden und kein mitgeliefertes Modell (mitgeliefert: %1)</translation>
    </message>
    <message>
        <source>unexpected argument "%1": give one model</source>
        <translation>unerwartetes Argument „%1“: Geben Sie ein Modell an</translation>
    </message>
    <message>
        <source>--precision expects bf16, fp16, fp8 or fp32, got "%1"</source>
        <translation>--precision erwartet bf16, fp16, fp8 oder fp32, erhalten: „%1“</translation>
    </message>
    <message>
        <source>--optimizer expects adam or sgd, got "%1"</source>
        <translation>--optimizer erwartet adam oder sgd, erhalten: „%1“</translation>
    </message>
    <message>
        <source>--recompute expects none, selective or full, got "%1"</source>
        <translation>--recompute erwartet none, selective oder full, erhalten: „%1“</translation>
    </message>
    <message>
        <source>unknown strategy "%1"; see shardscope plan --help</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>unbekannte Strategie „%1“; siehe shardscope plan --help</translation>
    </message>
    <message>
        <source>--weights expects three numbers M,C,N (memory, compute, communication), got "%1"</source>
        <translation>--weights erwartet drei Zahlen M,C,N (Speicher, Rechnen, Kommunikation), erhalten: „%1“</translation>
    </message>
    <message>
        <source>--weights must not all be zero</source>
        <translation>--weights dürfen nicht alle null sein</translation>
    </message>
    <message>
        <source>unknown option %1; see shardscope plan --help</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>unbekannte Option %1; siehe shardscope plan --help</translation>
    </message>
    <message>
        <source>no model given: shardscope plan MODEL [options] (a config.json, a model file, or a bundled name such as llama-3-70b)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>kein Modell angegeben: shardscope plan MODELL [Optionen] (eine config.json, eine Modelldatei oder ein mitgelieferter Name wie llama-3-70b)</translation>
    </message>
    <message>
        <source>cannot read the hardware file: %1</source>
        <translation>Die Hardwaredatei kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>unknown GPU "%1"; known: %2 (shardscope gpus lists them)</source>
        <translation>unbekannte GPU „%1“; bekannt: %2 (shardscope gpus listet sie auf)</translation>
    </message>
    <message>
        <source>%1 expects on or off, got "%2"</source>
        <translation>%1 erwartet on oder off, erhalten: „%2“</translation>
    </message>
    <message>
        <source>--cp-comm-type expects p2p (ring) or a2a (all-to-all), got "%1"</source>
        <translation>--cp-comm-type erwartet p2p (Ring) oder a2a (All-to-All), erhalten: „%1“</translation>
    </message>
    <message>
        <source>--schedule expects gpipe, 1f1b, interleaved, zb-h1, interleaved-zb or zbv, got "%1"</source>
        <translation>--schedule erwartet gpipe, 1f1b, interleaved, zb-h1, interleaved-zb oder zbv, erhalten: „%1“</translation>
    </message>
    <message>
        <source>--moe-capacity-factor must be above 0 (the tokens each expert computes over its average); leave it out for dropless routing</source>
        <translation>--moe-capacity-factor muss größer als 0 sein (die Tokens, die jeder Experte berechnet, im Verhältnis zu seinem Mittel); für Routing ohne Verwerfen weglassen</translation>
    </message>
    <message>
        <source>--gpu-hour-price needs --token-budget TOKENS: the cost is the GPU-hours the tokens take times the price</source>
        <translation>--gpu-hour-price erfordert --token-budget TOKENS: Die Kosten sind die GPU-Stunden, die die Tokens brauchen, mal dem Preis</translation>
    </message>
    <message>
        <source>Usage: shardscope plan MODEL [options]

MODEL is a Hugging Face config.json, a safetensors file, sharded index or checkpoint folder
(headers only), an ONNX model, a GraphML or Graphviz DOT graph, a ShardScope model JSON, the
prototype's layer list or ModelInfo JSON, or a bundled example name (shardscope models).

%1Output:
  --top K                 plans to print and to write; default 10
  --infeasible K          also print the K closest plans that do not fit, with the reason
  --json FILE             write the ranked plans as plan JSON (docs/plan-format.md); - writes
                          it to standard output instead of the report
  --proposals             print up to 10 ranked changes to the best plan, each re-evaluated:
                          predicted speedup, memory change, and the bottleneck it addresses

Exit codes: 0 a plan fits; 1 no plan fits; 2 bad command line; 3 invalid input; 4 cannot write output.

Example:
  shardscope plan llama-3-70b --gpus 64 --seq 8192 --global-batch 512 --top 5
  shardscope plan llama-3.1-405b --gpus 16384 --seq 8192 --global-batch 2048 --token-budget 15T
                  --gpu-hour-price 2.5
</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Aufruf: shardscope plan MODELL [Optionen]

MODELL ist eine Hugging-Face-config.json, eine safetensors-Datei, ein geteilter Index oder Checkpoint-Ordner
(nur Header), ein ONNX-Modell, ein GraphML- oder Graphviz-DOT-Graph, ein ShardScope-Modell-JSON, die
Schichtliste oder das ModelInfo-JSON des Prototyps oder der Name eines mitgelieferten Beispiels (shardscope models).

%1Ausgabe:
  --top K                 auszugebende und zu schreibende Pläne; Standard 10
  --infeasible K          zusätzlich die K nächstgelegenen Pläne ausgeben, die nicht passen, mit Grund
  --json DATEI            die eingestuften Pläne als Plan-JSON schreiben (docs/plan-format.md); -
                          schreibt sie statt des Berichts auf die Standardausgabe
  --proposals             bis zu 10 eingestufte Änderungen am besten Plan ausgeben, jede neu bewertet:
                          vorhergesagte Beschleunigung, Speicheränderung und der behobene Engpass

Exit-Codes: 0 ein Plan passt; 1 kein Plan passt; 2 fehlerhafte Befehlszeile; 3 ungültige Eingabe; 4 Ausgabe nicht schreibbar.

Beispiel:
  shardscope plan llama-3-70b --gpus 64 --seq 8192 --global-batch 512 --top 5
  shardscope plan llama-3.1-405b --gpus 16384 --seq 8192 --global-batch 2048 --token-budget 15T
                  --gpu-hour-price 2.5
</translation>
    </message>
    <message>
        <source>--gpus: %1 GPUs cannot be split into nodes of %2; expected a multiple of %2 (or fewer than %2: one partial node)</source>
        <translation>--gpus: %1 GPUs lassen sich nicht in Knoten zu %2 aufteilen; erwartet wird ein Vielfaches von %2 (oder weniger als %2: ein Teilknoten)</translation>
    </message>
    <message>
        <source>--profile: unknown profile "%1"; expected one of %2 (shardscope validate --help)</source>
        <translation>--profile: unbekanntes Profil „%1“; erwartet eines von %2 (shardscope validate --help)</translation>
    </message>
    <message>
        <source>--pipeline-split must be balanced or even, got "%1"</source>
        <translation>--pipeline-split muss balanced oder even sein, erhalten: „%1“</translation>
    </message>
    <message>
        <source>%1 "%2": %3</source>
        <translation>%1 „%2“: %3</translation>
    </message>
    <message>
        <source>--recompute-method expects uniform or block, got "%1"</source>
        <translation>--recompute-method erwartet uniform oder block, erhalten: „%1“</translation>
    </message>
    <message>
        <source>--fp8-recipe expects delayed, tensorwise or blockwise, got "%1"</source>
        <translation>--fp8-recipe erwartet delayed, tensorwise oder blockwise, erhalten: „%1“</translation>
    </message>
    <message>
        <source>--recompute-modules expects a comma-separated list of core_attn, mlp, moe and shared_experts, got "%1"</source>
        <translation>--recompute-modules erwartet eine kommagetrennte Liste aus core_attn, mlp, moe und shared_experts, erhalten: „%1“</translation>
    </message>
    <message>
        <source>Cluster:
  --gpu NAME              GPU from the catalog (shardscope gpus); default H100-SXM
  --gpus N                total GPUs; default 64
  --gpus-per-node K       GPUs per node; default 8 (N must be a multiple of K)
  --hardware FILE         add or override GPUs from a catalog file (docs/hardware-format.md)
  --profile NAME          software-stack profile whose fitted constants and error bands apply
                          (megatron-bridge, the default; mcore-r0.8; megatron-2021)
  --intra-node-gbps X     override the per-GPU intra-node bandwidth (GB/s each way)
  --inter-node-gbps X     override the per-GPU inter-node bandwidth (GB/s each way)

Training:
  --seq S                 sequence length in tokens; default 4096
  --global-batch B        sequences per optimizer step; default 512
  --precision P           bf16 (default), fp16, fp8 (bf16 master weights) or fp32
  --fp8-recipe R          with fp8: delayed (Megatron's default), tensorwise (current scaling) or
                          blockwise (1x128 / 128x128 blocks), as Megatron-LM's --fp8-recipe
  --bf16-first-blocks N  --bf16-last-blocks N
                          with fp8: keep the first / last N blocks in BF16 (Megatron-LM's
                          --first-last-layers-bf16; not with the delayed recipe)
  --optimizer O           adam (mixed precision, default) or sgd (with momentum)
  --no-flash-attention    store attention scores (Korthikanti's 5as/h term)
  --unfused-kernels       element-wise work as separate kernels (plain PyTorch), not Megatron's fused ones
  --fp16-gradients        16-bit gradients instead of fp32 main gradients
  --overhead-gib X        extra allowance per GPU beyond the itemised other memory (CUDA context, NCCL
                          buffers, optimizer transient); default 0
  --memory-margin F       fraction of GPU memory kept free; default 0.05
  --dp-overlap F          override: fraction of data-parallel communication hidden by backward;
                          by default the cost model overlaps it per bucket, as the frameworks do
  --moe-imbalance X       mixture of experts, dropless routing: the busiest expert's tokens over the
                          mean, from 1 to 64; default 1.25
  --moe-capacity-factor X mixture of experts with token dropping: every expert computes X times its
                          average tokens (above 0, at most 64); default dropless
  --pipeline-split balanced|even
                          the blocks of each pipeline stage: balanced by the search (default), or
                          Megatron-LM's even split (blocks / (PP x VPP) a model chunk)
  --first-stage-blocks N  --last-stage-blocks N
                          the even split with the first / last stage holding N blocks (Megatron
                          --decoder-first/last-pipeline-num-layers), the others the rest evenly
  --pipeline-layout STRING
                          every model chunk's blocks as Megatron-LM's --pipeline-model-parallel-layout
                          gives them: E embedding, t block, m MTP module, L loss, | between chunks in
                          model order, x*N and (...)*N repeat; e.g. "Et*3|(t*4|)*6t*3L" for PP 8
  --recompute-method uniform|block  --recompute-num-layers N
                          what full recomputation does in each model chunk (Megatron-LM's flags):
                          uniform checkpoints groups of N blocks, block only the first N blocks;
                          default uniform 1, every block on its own
  --recompute-modules M,...
                          what selective recomputation redoes (Megatron-LM's --recompute-modules):
                          core_attn (default), mlp, moe, shared_experts

Pins (fix a knob; every unpinned knob is searched):
  --tp N  --cp N  --pp N  --dp N  --vpp N  --micro-batch N  --zero 0|1|2|3
  --recompute none|selective|full  --sp | --no-sp
  --schedule gpipe|1f1b|interleaved|zb-h1|interleaved-zb|zbv
                          pipeline schedule; zb-h1, interleaved-zb and zbv are zero-bubble
                          schedules (Qi et al. 2024): weight gradients run in the bubble;
                          interleaved and interleaved-zb take --vpp chunks, zbv always 2
  --tp-comm-overlap on|off
                          TP communication pipelined with the GEMMs (Megatron --tp-comm-overlap);
                          needs sequence parallelism and TP &gt; 1
  --pp-comm-overlap on|off
                          pipeline sends and receives overlapped with compute; interleaved
                          schedule only, where PP 2 requires it (as Megatron)
  --cp-comm-type p2p|a2a  how context parallelism (--cp) exchanges keys and values: p2p, a ring
                          overlapped with attention (Megatron's default); a2a, all-to-all over
                          attention heads (DeepSpeed Ulysses)
  --dp-replicate N        hybrid sharding (HSDP): ZeRO shards over DP x CP / N GPUs and is
                          replicated N times; 1 shards over all of them
  --ep N  --etp N         mixtures of experts: expert parallelism (each MoE layer's routed experts
                          spread over N GPUs) and expert tensor parallelism (each expert's matrices
                          split over N GPUs); EP x ETP divides a stage's TP x CP x DP GPUs
  --ep-comm-overlap on|off
                          MoE all-to-alls of one micro-batch overlapped with another's compute
                          (Megatron --overlap-moe-expert-parallel-comm); needs EP &gt; 1, no full
                          recomputation, bf16 or fp16, and with PP &gt; 1 the interleaved schedule
  --reshard-after-forward on|off
                          ZeRO-3: free the gathered parameters after each forward (on, FSDP's
                          default) or keep them until the backward (off, as Llama 3 trained)

Ranking:
  --strategy NAME         exhaustive (default; weighted score), MemoryOptimal, ComputeBalanced,
                          CommunicationMinimal, Hybrid, TensorParallelFirst, PipelineParallelFirst,
                          or a preset: memory_optimized, throughput_optimized, communication_optimized
  --weights M,C,N         weights of memory headroom, throughput and communication in the score

Time and cost to train (each listed plan; nothing is assumed when these are not given):
  --token-budget TOKENS   tokens to train on, e.g. 15e12 or 15T (K, M, B or G, T, P: thousand to
                          quadrillion): adds the days (tokens / tokens per second) and GPU-hours
                          (days x 24 x GPUs) of each plan
  --gpu-hour-price PRICE  price of one GPU-hour (with --token-budget): adds the cost, GPU-hours x
                          PRICE, in PRICE's currency

</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Cluster:
  --gpu NAME              GPU aus dem Katalog (shardscope gpus); Standard H100-SXM
  --gpus N                GPUs insgesamt; Standard 64
  --gpus-per-node K       GPUs pro Knoten; Standard 8 (N muss ein Vielfaches von K sein)
  --hardware DATEI        GPUs aus einer Katalogdatei hinzufügen oder überschreiben (docs/hardware-format.md)
  --profile NAME          Software-Stack-Profil, dessen angepasste Konstanten und Fehlerbänder gelten
                          (megatron-bridge, Standard; mcore-r0.8; megatron-2021)
  --intra-node-gbps X     knoteninterne Bandbreite pro GPU überschreiben (GB/s je Richtung)
  --inter-node-gbps X     Bandbreite zwischen Knoten pro GPU überschreiben (GB/s je Richtung)

Training:
  --seq S                 Sequenzlänge in Tokens; Standard 4096
  --global-batch B        Sequenzen pro Optimiererschritt; Standard 512
  --precision P           bf16 (Standard), fp16, fp8 (bf16-Masterkopien der Gewichte) oder fp32
  --fp8-recipe R          mit fp8: delayed (Standard von Megatron), tensorwise (aktuelle Skalierung) oder
                          blockwise (Blöcke 1x128 / 128x128), wie Megatron-LMs --fp8-recipe
  --bf16-first-blocks N  --bf16-last-blocks N
                          mit fp8: die ersten / letzten N Blöcke in BF16 belassen (Megatron-LMs
                          --first-last-layers-bf16; nicht mit dem Rezept delayed)
  --optimizer O           adam (gemischte Präzision, Standard) oder sgd (mit Momentum)
  --no-flash-attention    Attention-Scores speichern (Korthikantis Term 5as/h)
  --unfused-kernels       elementweise Operationen als separate Kernel (reines PyTorch) statt der fusionierten Kernel von Megatron
  --fp16-gradients        16-Bit-Gradienten statt fp32-Hauptgradienten
  --overhead-gib X        Zuschlag pro GPU über den aufgeschlüsselten sonstigen Speicher hinaus (CUDA-Kontext,
                          NCCL-Puffer, temporärer Optimiererspeicher); Standard 0
  --memory-margin F       Anteil des GPU-Speichers, der frei bleibt; Standard 0.05
  --dp-overlap F          Überschreibung: Anteil der datenparallelen Kommunikation, den der Rückwärtsdurchlauf verdeckt;
                          standardmäßig überlappt das Kostenmodell sie pro Bucket, wie es die Frameworks tun
  --moe-imbalance X       Mixture of Experts, Routing ohne Verwerfen: die Tokens des am stärksten belasteten
                          Experten im Verhältnis zum Mittel, von 1 bis 64; Standard 1.25
  --moe-capacity-factor X Mixture of Experts mit Verwerfen von Tokens: jeder Experte berechnet das X-Fache
                          seiner mittleren Tokenzahl (über 0, höchstens 64); Standard ohne Verwerfen
  --pipeline-split balanced|even
                          die Blöcke jeder Pipeline-Stufe: von der Suche ausgeglichen (Standard) oder
                          gleichmäßig geteilt wie in Megatron-LM (Blöcke / (PP x VPP) je Modellteil)
  --first-stage-blocks N  --last-stage-blocks N
                          gleichmäßige Teilung, wobei die erste / letzte Stufe N Blöcke hält (Megatron
                          --decoder-first/last-pipeline-num-layers), die übrigen den Rest gleichmäßig
  --pipeline-layout STRING
                          die Blöcke jedes Modellteils, wie Megatron-LMs --pipeline-model-parallel-layout
                          sie angibt: E Embedding, t Block, m MTP-Modul, L Loss, | zwischen Modellteilen
                          in Modellreihenfolge, x*N und (...)*N wiederholen; z. B. "Et*3|(t*4|)*6t*3L" für PP 8
  --recompute-method uniform|block  --recompute-num-layers N
                          was volle Neuberechnung in jedem Modellteil tut (Megatron-LMs Optionen):
                          uniform speichert Gruppen von N Blöcken, block nur die ersten N Blöcke;
                          Standard uniform 1, jeder Block für sich
  --recompute-modules M,...
                          was selektive Neuberechnung wiederholt (Megatron-LMs --recompute-modules):
                          core_attn (Standard), mlp, moe, shared_experts

Festlegungen (einen Parameter fixieren; jeder nicht festgelegte wird durchsucht):
  --tp N  --cp N  --pp N  --dp N  --vpp N  --micro-batch N  --zero 0|1|2|3
  --recompute none|selective|full  --sp | --no-sp
  --schedule gpipe|1f1b|interleaved|zb-h1|interleaved-zb|zbv
                          Pipeline-Zeitplan; zb-h1, interleaved-zb und zbv sind blasenfreie
                          Zeitpläne (Qi et al. 2024): Gewichtsgradienten laufen in der Blase;
                          interleaved und interleaved-zb nehmen --vpp Teile, zbv immer 2
  --tp-comm-overlap on|off
                          TP-Kommunikation mit den GEMMs verzahnt (Megatron --tp-comm-overlap);
                          erfordert Sequenzparallelität und TP &gt; 1
  --pp-comm-overlap on|off
                          Senden und Empfangen der Pipeline überlappt mit dem Rechnen; nur im verschachtelten
                          Zeitplan, wo es bei PP 2 erforderlich ist (wie bei Megatron)
  --cp-comm-type p2p|a2a  wie Kontextparallelität (--cp) Keys und Values austauscht: p2p, ein Ring,
                          überlappt mit der Attention (Standard von Megatron); a2a, All-to-All über
                          die Attention-Köpfe (DeepSpeed Ulysses)
  --dp-replicate N        hybrides Sharding (HSDP): ZeRO teilt über DP x CP / N GPUs auf und wird
                          N-mal repliziert; 1 teilt über alle auf
  --ep N  --etp N         Mixtures of Experts: Expertenparallelität (die gerouteten Experten jeder MoE-Schicht
                          auf N GPUs verteilt) und Experten-Tensorparallelität (die Matrizen jedes Experten
                          auf N GPUs aufgeteilt); EP x ETP teilt die TP x CP x DP GPUs einer Stufe
  --ep-comm-overlap on|off
                          MoE-All-to-Alls eines Micro-Batches überlappt mit dem Rechnen eines anderen
                          (Megatron --overlap-moe-expert-parallel-comm); erfordert EP &gt; 1, keine volle
                          Neuberechnung, bf16 oder fp16 und bei PP &gt; 1 den verschachtelten Zeitplan
  --reshard-after-forward on|off
                          ZeRO-3: die eingesammelten Parameter nach jedem Vorwärtsdurchlauf freigeben
                          (on, Standard von FSDP) oder bis zum Rückwärtsdurchlauf behalten (off, wie
                          beim Training von Llama 3)

Rangfolge:
  --strategy NAME         exhaustive (Standard; gewichtete Bewertung), MemoryOptimal, ComputeBalanced,
                          CommunicationMinimal, Hybrid, TensorParallelFirst, PipelineParallelFirst,
                          oder eine Voreinstellung: memory_optimized, throughput_optimized, communication_optimized
  --weights M,C,N         Gewichte von Speicherspielraum, Durchsatz und Kommunikation in der Bewertung

Trainingsdauer und -kosten (für jeden aufgeführten Plan; ohne diese Angaben wird nichts angenommen):
  --token-budget TOKENS   Tokens, auf denen trainiert wird, z. B. 15e12 oder 15T (K, M, B oder G, T, P:
                          Tausend bis Billiarde): ergänzt die Tage (Tokens / Tokens pro Sekunde) und
                          GPU-Stunden (Tage x 24 x GPUs) jedes Plans
  --gpu-hour-price PREIS  Preis einer GPU-Stunde (mit --token-budget): ergänzt die Kosten, GPU-Stunden x
                          PREIS, in der Währung des PREISES

</translation>
    </message>
    <message>
        <source>%1 applies to FP8 training only: add --precision fp8</source>
        <translation>%1 gilt nur für FP8-Training: --precision fp8 hinzufügen</translation>
    </message>
</context>
<context>
    <name>PlanReport</name>
    <message>
        <source>Proposals for the best plan (speedup = current step / proposed step, from re-evaluating the changed plan):</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Vorschläge für den besten Plan (Beschleunigung = aktueller Schritt / vorgeschlagener Schritt, aus der Neubewertung des geänderten Plans):</translation>
    </message>
    <message>
        <source>  none: no single change is predicted to help</source>
        <translation>  keine: Keine einzelne Änderung verspricht eine Verbesserung</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>passt</translation>
    </message>
    <message>
        <source>OOM </source>
        <translation>OOM </translation>
    </message>
    <message>
        <source>(estimate, nothing to apply) </source>
        <translation>(Schätzung, nichts zu übernehmen) </translation>
    </message>
    <message>
        <source>Model    %1 (%2): %3 parameters</source>
        <translation>Modell   %1 (%2): %3 Parameter</translation>
    </message>
    <message>
        <source>, %1 active per token</source>
        <translation>, %1 aktiv pro Token</translation>
    </message>
    <message>
        <source>, %1 layers in %2 blocks</source>
        <translation>, %1 Schichten in %2 Blöcken</translation>
    </message>
    <message>
        <source>Cluster  %1 x %2 GPUs = %3 x %4 (%5 each), intra-node %6 GB/s, inter-node %7 GB/s</source>
        <translation>Cluster  %1 x %2 GPUs = %3 x %4 (je %5), im Knoten %6 GB/s, zwischen Knoten %7 GB/s</translation>
    </message>
    <message>
        <source>Training sequence %1, global batch %2 sequences, %3, %4, flash attention %5</source>
        <translation>Training Sequenz %1, globaler Batch %2 Sequenzen, %3, %4, Flash Attention %5</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Warning  %1</source>
        <translation>Warnung  %1</translation>
    </message>
    <message>
        <source>%1 plans evaluated in %2 ms, %3 fit in memory.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1 Pläne in %2 ms bewertet, %3 passen in den Speicher.</translation>
    </message>
    <message>
        <source>No plan fits. The closest candidates and why they fail:</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Kein Plan passt. Die nächstgelegenen Kandidaten und warum sie scheitern:</translation>
    </message>
    <message>
        <source>, sequence parallel</source>
        <translation>, Sequenzparallel</translation>
    </message>
    <message>
        <source>interleaved 1F1B with %1 chunks</source>
        <translation>verschachteltes 1F1B mit %1 Teilen</translation>
    </message>
    <message>
        <source>  stage  layers                                   params/GPU  weights grads  optim  activ  emb+logits other  total GiB  ms/micro-batch</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>  Stufe  Schichten                                Param./GPU  Gewich Grad.  Optim. Aktiv. Emb+Logits Sonst. GiB ges.  ms/Micro-Batch</translation>
    </message>
    <message>
        <source>  warning: %1</source>
        <translation>  Warnung: %1</translation>
    </message>
    <message>
        <source>Closest plans that do not fit:</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Nächstgelegene Pläne, die nicht passen:</translation>
    </message>
    <message>
        <source>exceeds GPU memory</source>
        <translation>überschreitet den GPU-Speicher</translation>
    </message>
    <message>
        <source>Rejected candidates by reason:</source>
        <translation>Verworfene Kandidaten nach Grund:</translation>
    </message>
    <message>
        <source>Predicted times: %1</source>
        <translation>Vorhergesagte Zeiten: %1</translation>
    </message>
    <message>
        <source>Predicted times are %1</source>
        <translation>Vorhergesagte Zeiten sind %1</translation>
    </message>
    <message>
        <source>%1 (uncalibrated)</source>
        <translation>%1 (unkalibriert)</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>ZB-H1 (zero bubble)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>ZB-H1 (blasenfrei)</translation>
    </message>
    <message>
        <source>interleaved zero bubble with %1 chunks</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>verschachtelter blasenfreier Zeitplan mit %1 Teilen</translation>
    </message>
    <message>
        <source>ZBV (zero bubble, 2 chunks in a V)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>ZBV (blasenfrei, 2 Teile in V-Form)</translation>
    </message>
    <message>
        <source>TP %1 x CP %2 x PP %3 x DP %4</source>
        <translation>TP %1 x CP %2 x PP %3 x DP %4</translation>
    </message>
    <message>
        <source>TP %1 x PP %2 x DP %3</source>
        <translation>TP %1 x PP %2 x DP %3</translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message>
        <source> sharded over %1 GPUs, %2 replicas (HSDP)</source>
        <translation> aufgeteilt über %1 GPUs, %2 Replikate (HSDP)</translation>
    </message>
    <message>
        <source>, parameters kept from forward to backward</source>
        <translation>, Parameter vom Vorwärts- bis zum Rückwärtsdurchlauf behalten</translation>
    </message>
    <message>
        <source>, context parallel ring (p2p)</source>
        <translation>, kontextparalleler Ring (p2p)</translation>
    </message>
    <message>
        <source>, context parallel all-to-all (a2a)</source>
        <translation>, kontextparalleles All-to-All (a2a)</translation>
    </message>
    <message>
        <source>Best plan: %1, %2 micro-batches of %3, %4, recompute %5%6, %7</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Bester Plan: %1, %2 Micro-Batches zu %3, %4, Neuberechnung %5%6, %7</translation>
    </message>
    <message>
        <source>, CP %1 (%2)</source>
        <translation>, CP %1 (%2)</translation>
    </message>
    <message>
        <source> (+ %1 in multi-token prediction)</source>
        <translation> (+ %1 in der Mehr-Token-Vorhersage)</translation>
    </message>
    <message>
        <source>rank   tp  cp   pp    dp    ep vpp  mb zero recompute sp schedule       overlap  memory/GPU (usable)   step      tokens/s    MFU  bubble  score</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>Rang   tp  cp   pp    dp    ep vpp  mb zero neuber.   sp Zeitplan       Überl.   Speicher/GPU (nutzb.) Schritt   Tokens/s    MFU  Blase   Wertung</translation>
    </message>
    <message>
        <source>, EP %1 x ETP %2</source>
        <translation>, EP %1 x ETP %2</translation>
    </message>
    <message>
        <source>, EP %1</source>
        <translation>, EP %1</translation>
    </message>
    <message>
        <source> (expert-DP %1)</source>
        <translation> (Experten-DP %1)</translation>
    </message>
    <message>
        <source>routed experts %1</source>
        <translation>geroutete Experten %1</translation>
    </message>
    <message>
        <source>shared experts %1</source>
        <translation>geteilte Experten %1</translation>
    </message>
    <message>
        <source>MoE activations %1</source>
        <translation>MoE-Aktivierungen %1</translation>
    </message>
    <message>
        <source>dispatcher buffers %1</source>
        <translation>Dispatcher-Puffer %1</translation>
    </message>
    <message>
        <source>  stage %1 MoE memory (GiB, within the columns above): %2</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>  Stufe %1 MoE-Speicher (GiB, in den Spalten oben enthalten): %2</translation>
    </message>
    <message>
        <source>compute %1 + recompute %2 + TP comm %3 + PP comm %4</source>
        <translation>Rechnen %1 + Neuberechnung %2 + TP-Komm. %3 + PP-Komm. %4</translation>
    </message>
    <message>
        <source> + CP comm %1</source>
        <translation> + CP-Komm. %1</translation>
    </message>
    <message>
        <source> + EP all-to-all %1</source>
        <translation> + EP-All-to-All %1</translation>
    </message>
    <message>
        <source>  step %1 = %2</source>
        <translation>  Schritt %1 = %2</translation>
    </message>
    <message>
        <source>, EP all-to-all %1 (%2)</source>
        <translation>, EP-All-to-All %1 (%2)</translation>
    </message>
    <message>
        <source>  communication per step: TP %1 (%2), PP %3 (%4)%5%6, DP %7 (%8, %9 exposed)</source>
        <translation>  Kommunikation pro Schritt: TP %1 (%2), PP %3 (%4)%5%6, DP %7 (%8, %9 sichtbar)</translation>
    </message>
    <message>
        <source>, all-to-all overlapped with another micro-batch's compute</source>
        <translation>, All-to-All überlappt mit dem Rechnen eines anderen Micro-Batches</translation>
    </message>
    <message>
        <source>days</source>
        <translation>Tage</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU-Std.</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Budget   %1 tokens</source>
        <translation>Budget   %1 Tokens</translation>
    </message>
    <message>
        <source>, %1 per GPU-hour</source>
        <translation>, %1 pro GPU-Stunde</translation>
    </message>
    <message>
        <source>, no GPU-hour price (--gpu-hour-price) so no cost</source>
        <translation>, kein Preis pro GPU-Stunde (--gpu-hour-price), daher keine Kosten</translation>
    </message>
    <message>
        <source>  training on %1 tokens: %2 days, %3 GPU-hours on %4 GPUs</source>
        <translation>  Training auf %1 Tokens: %2 Tage, %3 GPU-Stunden auf %4 GPUs</translation>
    </message>
    <message>
        <source>, cost %1 at %2 per GPU-hour</source>
        <translation>, Kosten %1 bei %2 pro GPU-Stunde</translation>
    </message>
    <message>
        <source>≈N: in the tie group that starts at rank N, step times at most %1 % above the group's fastest (half the band of the predicted times); inside a group more memory headroom ranks first, then settings closer to the frameworks' defaults</source>
        <translation>≈N: in der Gleichstandsgruppe ab Rang N, Schrittzeiten höchstens %1 % über der schnellsten der Gruppe (die halbe Bandbreite der vorhergesagten Zeiten); innerhalb einer Gruppe steht mehr freier Speicher vorn, dann Einstellungen näher an den Vorgaben der Frameworks</translation>
    </message>
    <message>
        <source> + bubble %1 + waiting on the slowest stage %2 + exposed DP comm %3 + optimizer %4</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation> + Blase %1 + Warten auf die langsamste Stufe %2 + sichtbare DP-Komm. %3 + Optimierer %4</translation>
    </message>
    <message>
        <source>  MFU %1% (%2% counting causal attention half, as NVIDIA publishes), HFU %3%, bubble %4% of the pipeline, compute imbalance %5 (slowest / fastest stage)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>  MFU %1% (%2% mit kausaler Attention zur Hälfte gezählt, wie NVIDIA veröffentlicht), HFU %3%, Blase %4% der Pipeline, Rechenungleichgewicht %5 (langsamste / schnellste Stufe)</translation>
    </message>
</context>
<context>
    <name>PlanTableModel</name>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>passt</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>Micro-Batch</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>Neuberechnung</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>Speicher / GPU</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Bubble</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>Blase</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Tensor parallelism: each layer's matrices are split across this many GPUs, which all-reduce activations twice per layer.</source>
        <translation>Tensor-Parallelität: Die Matrizen jeder Schicht werden über so viele GPUs aufgeteilt, die die Aktivierungen zweimal pro Schicht per All-Reduce zusammenführen.</translation>
    </message>
    <message>
        <source>Pipeline parallelism: the layers are cut into this many stages on different GPUs.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Pipeline-Parallelität: Die Schichten werden in so viele Stufen auf verschiedenen GPUs zerlegt.</translation>
    </message>
    <message>
        <source>Data parallelism: this many replicas each process a share of the batch and all-reduce gradients.</source>
        <translation>Datenparallelität: So viele Replikate verarbeiten je einen Teil des Batches und führen die Gradienten per All-Reduce zusammen.</translation>
    </message>
    <message>
        <source>Virtual pipeline stages: model chunks per GPU in the interleaved 1F1B schedule; more chunks shrink the bubble.</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Virtuelle Pipeline-Stufen: Modellteile pro GPU im verschachtelten 1F1B-Zeitplan; mehr Teile verkleinern die Blase.</translation>
    </message>
    <message>
        <source>Activation recomputation: full keeps only each layer's input and recomputes the rest in the backward pass.</source>
        <translation>Aktivierungs-Neuberechnung: vollständig behält nur die Eingabe jeder Schicht und berechnet den Rest im Rückwärtsdurchlauf neu.</translation>
    </message>
    <message>
        <source>Sequence parallelism: splits the activations that tensor parallelism replicates (norms, dropout) along the sequence.</source>
        <translation>Sequenzparallelität: teilt die Aktivierungen, die Tensor-Parallelität repliziert (Normierungen, Dropout), entlang der Sequenz auf.</translation>
    </message>
    <message>
        <source>Pipeline bubble: the share of the pipeline's time in which stages wait for work while it fills and drains: (p - 1) / (m + p - 1) for 1F1B with p equal stages and m micro-batches, about v times less with v interleaved chunks (Narayanan et al. 2021).</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Pipeline-Blase: der Anteil der Pipeline-Zeit, in dem Stufen auf Arbeit warten, während sie sich füllt und leert: (p - 1) / (m + p - 1) für 1F1B mit p gleichen Stufen und m Micro-Batches, etwa v-mal weniger mit v verschachtelten Teilen (Narayanan et al. 2021).</translation>
    </message>
    <message>
        <source>(uncalibrated)</source>
        <translation>(unkalibriert)</translation>
    </message>
    <message>
        <source>Predicted step time, tokens/s and MFU: %1, the cost model's root-mean-square error on measured training runs of this GPU family.</source>
        <translation>Vorhergesagte Schrittzeit, Tokens/s und MFU: %1, der quadratisch gemittelte Fehler des Kostenmodells auf gemessenen Trainingsläufen dieser GPU-Familie.</translation>
    </message>
    <message>
        <source>Predicted step time, tokens/s and MFU are %1: how far off they may be is not known.</source>
        <translation>Vorhergesagte Schrittzeit, Tokens/s und MFU sind %1: Wie weit sie abweichen können, ist nicht bekannt.</translation>
    </message>
    <message>
        <source>Predicted seconds per optimizer step.</source>
        <translation>Vorhergesagte Sekunden pro Optimiererschritt.</translation>
    </message>
    <message>
        <source>Predicted training throughput of the whole cluster.</source>
        <translation>Vorhergesagter Trainingsdurchsatz des gesamten Clusters.</translation>
    </message>
    <message>
        <source>TP overlap</source>
        <translation>TP-Überlappung</translation>
    </message>
    <message>
        <source>PP overlap</source>
        <translation>PP-Überlappung</translation>
    </message>
    <message>
        <source>TP communication overlap (Megatron --tp-comm-overlap): TP all-gathers and reduce-scatters pipelined with the GEMMs; needs sequence parallelism.</source>
        <translation>TP-Kommunikationsüberlappung (Megatron --tp-comm-overlap): TP-All-Gathers und -Reduce-Scatters werden mit den GEMMs verzahnt; erfordert Sequenzparallelität.</translation>
    </message>
    <message>
        <source>Pipeline communication overlap: sends and receives between stages run behind compute, leaving only their latency on the critical path; needs PP &gt;= 2.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Pipeline-Kommunikationsüberlappung: Senden und Empfangen zwischen den Stufen laufen hinter dem Rechnen ab, sodass nur ihre Latenz auf dem kritischen Pfad bleibt; erfordert PP &gt;= 2.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>HSDP x%1</source>
        <translation>HSDP x%1</translation>
    </message>
    <message>
        <source>keep</source>
        <translation>behalten</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>Context parallelism (Megatron --context-parallel-size): each sequence is split across this many GPUs; p2p passes keys and values around a ring, a2a (Ulysses) exchanges them by all-to-all (--cp-comm-type).</source>
        <translation>Kontextparallelität (Megatron --context-parallel-size): Jede Sequenz wird über so viele GPUs aufgeteilt; p2p reicht Keys und Values im Ring weiter, a2a (Ulysses) tauscht sie per All-to-All aus (--cp-comm-type).</translation>
    </message>
    <message>
        <source>ZeRO stage: 1 shards optimizer states, 2 also gradients, 3 also the weights across the data- and context-parallel group. "HSDP xN": hybrid sharding, shards within groups replicated N times (torchtitan data_parallel_replicate_degree); "keep": ZeRO-3 keeps the gathered weights from forward to backward (reshard_after_forward off).</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>ZeRO-Stufe: 1 teilt Optimiererzustände auf, 2 zusätzlich Gradienten, 3 zusätzlich die Gewichte über die daten- und kontextparallele Gruppe. „HSDP xN“: hybrides Sharding, aufgeteilt innerhalb von Gruppen, die N-mal repliziert sind (torchtitan data_parallel_replicate_degree); „behalten“: ZeRO-3 behält die eingesammelten Gewichte vom Vorwärts- bis zum Rückwärtsdurchlauf (reshard_after_forward aus).</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>Expert parallelism (Megatron --expert-model-parallel-size): each MoE layer's routed experts are spread over this many GPUs, which exchange tokens by all-to-all. "EP x ETP": each expert's matrices are also split over ETP GPUs (--expert-tensor-parallel-size). Experts are laid out over the same GPUs as TP x CP x DP (MoE parallel folding).</source>
        <translation>Expertenparallelität (Megatron --expert-model-parallel-size): Die gerouteten Experten jeder MoE-Schicht werden auf so viele GPUs verteilt, die Tokens per All-to-All austauschen. „EP x ETP“: Die Matrizen jedes Experten werden zusätzlich auf ETP GPUs aufgeteilt (--expert-tensor-parallel-size). Die Experten liegen auf denselben GPUs wie TP x CP x DP (MoE Parallel Folding).</translation>
    </message>
    <message>
        <source>EP overlap</source>
        <translation>EP-Überlappung</translation>
    </message>
    <message>
        <source>MoE all-to-all overlap (Megatron --overlap-moe-expert-parallel-comm): one micro-batch's token dispatch and combine run while another micro-batch computes; needs EP &gt; 1, no full recomputation, and with PP &gt; 1 the interleaved schedule.</source>
        <translation>MoE-All-to-All-Überlappung (Megatron --overlap-moe-expert-parallel-comm): Dispatch und Combine der Tokens eines Micro-Batches laufen, während ein anderer Micro-Batch rechnet; erfordert EP &gt; 1, keine volle Neuberechnung und bei PP &gt; 1 den verschachtelten Zeitplan.</translation>
    </message>
    <message>
        <source>Score %1 = throughput %2 x %3 + headroom %4 x %5 + communication %6 x %7</source>
        <translation>Bewertung %1 = Durchsatz %2 x %3 + Spielraum %4 x %5 + Kommunikation %6 x %7</translation>
    </message>
    <message>
        <source>Throughput: %1 tokens/s of the fastest plan's %2. Headroom: %3 free of %4 usable on the fullest GPU. Communication: the share of the step not waiting on exposed communication.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Durchsatz: %1 Tokens/s von %2 des schnellsten Plans. Spielraum: %3 frei von %4 nutzbar auf der vollsten GPU. Kommunikation: der Anteil des Schritts, der nicht auf sichtbare Kommunikation wartet.</translation>
    </message>
    <message>
        <source>The %1 strategy ranks by its own rule, not by this score.</source>
        <translation>Die Strategie %1 stuft nach ihrer eigenen Regel ein, nicht nach dieser Bewertung.</translation>
    </message>
    <message>
        <source>#%1 does not fit: %2</source>
        <translation>#%1 passt nicht: %2</translation>
    </message>
    <message>
        <source>#%1 by throughput: %2 tokens/s</source>
        <translation>#%1 nach Durchsatz: %2 Tokens/s</translation>
    </message>
    <message>
        <source>#%1 by weighted score %2</source>
        <translation>#%1 nach gewichteter Bewertung %2</translation>
    </message>
    <message>
        <source>#%1 by memory per GPU (MemoryOptimal): %2</source>
        <translation>#%1 nach Speicher pro GPU (MemoryOptimal): %2</translation>
    </message>
    <message>
        <source>#%1 by stage balance (ComputeBalanced): slowest stage %2x the fastest</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>#%1 nach Stufenausgleich (ComputeBalanced): langsamste Stufe %2x die schnellste</translation>
    </message>
    <message>
        <source>#%1 by bytes communicated per step (CommunicationMinimal): %2</source>
        <translation>#%1 nach übertragenen Bytes pro Schritt (CommunicationMinimal): %2</translation>
    </message>
    <message>
        <source>#%1 by TP within a node first, then fewest stages (TensorParallelFirst): TP %2, PP %3</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>#%1 nach TP innerhalb eines Knotens zuerst, dann wenigsten Stufen (TensorParallelFirst): TP %2, PP %3</translation>
    </message>
    <message>
        <source>#%1 by least TP, then throughput (PipelineParallelFirst): TP %2</source>
        <translation>#%1 nach kleinstem TP, dann Durchsatz (PipelineParallelFirst): TP %2</translation>
    </message>
    <message>
        <source>; %1 of %2 usable per GPU</source>
        <translation>; %1 von %2 nutzbar pro GPU</translation>
    </message>
    <message>
        <source>; the fastest plan that fits</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>; der schnellste passende Plan</translation>
    </message>
    <message>
        <source>; %1 % slower than the fastest plan that fits (#%2)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>; %1 % langsamer als der schnellste passende Plan (#%2)</translation>
    </message>
    <message numerus="yes">
        <source>; stands for %n equivalent plan(s) that differ only in settings without effect</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation><numerusform>; steht für %n gleichwertigen Plan, der sich nur in wirkungslosen Einstellungen unterscheidet</numerusform><numerusform>; steht für %n gleichwertige Pläne, die sich nur in wirkungslosen Einstellungen unterscheiden</numerusform></translation>
    </message>
    <message>
        <source>fits, fastest</source>
        <translation>passt, am schnellsten</translation>
    </message>
    <message numerus="yes">
        <source>(+%n equivalent)</source>
        <translation><numerusform>(+%n gleichwertiger)</numerusform><numerusform>(+%n gleichwertige)</numerusform></translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>Trainingstage</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU-Stunden</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Days to train the token budget at this plan's tokens/s (Settings: token budget).</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Tage, um das Token-Budget mit den Tokens/s dieses Plans zu trainieren (Einstellungen: Token-Budget).</translation>
    </message>
    <message>
        <source>GPU-hours to train the token budget: days x 24 x the cluster's GPUs.</source>
        <translation>GPU-Stunden, um das Token-Budget zu trainieren: Tage x 24 x die GPUs des Clusters.</translation>
    </message>
    <message>
        <source>GPU-hours x your price per GPU-hour, in your currency. No price is assumed.</source>
        <translation>GPU-Stunden x Ihr Preis pro GPU-Stunde, in Ihrer Währung. Es wird kein Preis angenommen.</translation>
    </message>
    <message>
        <source>half the %1 band</source>
        <translation>die Hälfte der Bandbreite %1</translation>
    </message>
    <message>
        <source>half the band of the predicted times</source>
        <translation>die Hälfte der Bandbreite der vorhergesagten Zeiten</translation>
    </message>
    <message>
        <source>within %1 %, %2</source>
        <translation>innerhalb %1 %, %2</translation>
    </message>
    <message>
        <source>more memory headroom than #%1</source>
        <translation>mehr freier Speicher als #%1</translation>
    </message>
    <message>
        <source>the same headroom as #%1, settings closer to the frameworks' defaults</source>
        <translation>derselbe freie Speicher wie #%1, Einstellungen näher an den Vorgaben der Frameworks</translation>
    </message>
    <message>
        <source>the same headroom and settings as #%1, and faster</source>
        <translation>derselbe freie Speicher und dieselben Einstellungen wie #%1, und schneller</translation>
    </message>
    <message numerus="yes">
        <source>; first of %n tied plans (%1): %2</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation><numerusform>; erster von %n gleichauf liegenden Plänen (%1): %2</numerusform><numerusform>; erster von %n gleichauf liegenden Plänen (%1): %2</numerusform></translation>
    </message>
    <message>
        <source>; tied with #%1 (%2), after it by headroom, then default settings</source>
        <translation>; gleichauf mit #%1 (%2), dahinter nach freiem Speicher, dann Standardeinstellungen</translation>
    </message>
    <message>
        <source>%1 ≈</source>
        <translation>%1 ≈</translation>
    </message>
    <message>
        <source>%1 ≈%2</source>
        <translation>%1 ≈%2</translation>
    </message>
    <message numerus="yes">
        <source>, first of %n tied</source>
        <translation><numerusform>, erster von %n gleichauf</numerusform><numerusform>, erster von %n gleichauf</numerusform></translation>
    </message>
    <message>
        <source>, tied with #%1</source>
        <translation>, gleichauf mit #%1</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>Pipeline schedule: GPipe, 1F1B, interleaved 1F1B (with VPP model chunks a GPU), or a zero-bubble schedule (ZB-H1, interleaved zero bubble, ZBV) that defers weight gradients into the pipeline's idle time.</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>Pipeline-Zeitplan: GPipe, 1F1B, verschachteltes 1F1B (mit VPP Modellteilen pro GPU) oder ein Zero-Bubble-Zeitplan (ZB-H1, verschachteltes Zero Bubble, ZBV), der Gewichtsgradienten in die Leerlaufzeit der Pipeline verschiebt.</translation>
    </message>
    <message>
        <source>Weighted score of throughput, memory headroom and exposed communication (the weight sliders); by default throughput alone, so the fastest plan that fits ranks first, or a plan tied with it. Hover a score for its parts.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Gewichtete Bewertung aus Durchsatz, Speicherspielraum und sichtbarer Kommunikation (die Gewichtsregler); standardmäßig nur der Durchsatz, sodass der schnellste passende Plan vorn steht oder ein mit ihm gleichauf liegender. Zeigen Sie auf eine Bewertung, um ihre Teile zu sehen.</translation>
    </message>
    <message>
        <source>Model FLOPs utilization: model FLOPs per second over the GPUs' peak, attention scores counted in full as Megatron-LM logs them (the plan's headline also gives it with the causally masked half left out, as NVIDIA publishes MFU).</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Model FLOPs Utilization: Modell-FLOPs pro Sekunde bezogen auf die Spitzenleistung der GPUs, Attention-Scores voll gezählt, wie Megatron-LM sie protokolliert (die Kopfzeile des Plans nennt sie auch ohne die kausal maskierte Hälfte, wie NVIDIA die MFU veröffentlicht).</translation>
    </message>
</context>
<context>
    <name>PlanTablePanel</name>
    <message>
        <source>Show plans that do &amp;not fit</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Pläne anzeigen, die &amp;nicht passen</translation>
    </message>
    <message>
        <source>Every plan the search evaluated, best first by the chosen strategy. Click a header to sort; select a row to show that plan below.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Jeder von der Suche bewertete Plan, der beste zuerst nach der gewählten Strategie. Klicken Sie auf eine Spaltenüberschrift zum Sortieren; wählen Sie eine Zeile, um den Plan unten anzuzeigen.</translation>
    </message>
    <message>
        <source>List the plans that exceed GPU memory or break a rule, with the reason.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Pläne auflisten, die den GPU-Speicher überschreiten oder eine Regel verletzen, mit dem Grund.</translation>
    </message>
    <message>
        <source>Why the selected plan ranks where it does: the strategy's rule with the plan's numbers, and how it compares with the fastest plan that fits. Hover a score for its parts.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Warum der ausgewählte Plan auf seinem Rang steht: die Regel der Strategie mit den Zahlen des Plans und wie er sich zum schnellsten passenden Plan verhält. Zeigen Sie auf eine Bewertung, um ihre Teile zu sehen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ranked plans&lt;/b&gt;</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>&lt;b&gt;Eingestufte Pläne&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>%n plan(s) in the explorer's rectangle. &lt;a href="clear"&gt;Show all&lt;/a&gt;</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation><numerusform>%n Plan im Rechteck des Explorers. &lt;a href="clear"&gt;Alle zeigen&lt;/a&gt;</numerusform><numerusform>%n Pläne im Rechteck des Explorers. &lt;a href="clear"&gt;Alle zeigen&lt;/a&gt;</numerusform></translation>
    </message>
</context>
<context>
    <name>PlanText</name>
    <message>
        <source>TP %1 · CP %2 (%3) · PP %4 · DP %5</source>
        <translation>TP %1 · CP %2 (%3) · PP %4 · DP %5</translation>
    </message>
    <message>
        <source>TP %1 · PP %2 · DP %3</source>
        <translation>TP %1 · PP %2 · DP %3</translation>
    </message>
    <message>
        <source> · EP %1 x ETP %2</source>
        <translation> · EP %1 x ETP %2</translation>
    </message>
    <message>
        <source> · EP %1</source>
        <translation> · EP %1</translation>
    </message>
    <message>
        <source> · VPP %1</source>
        <translation> · VPP %1</translation>
    </message>
    <message>
        <source> · micro-batch %1 · ZeRO-%2 · recompute %3</source>
        <translation> · Micro-Batch %1 · ZeRO-%2 · Neuberechnung %3</translation>
    </message>
    <message>
        <source> · HSDP x%1</source>
        <translation> · HSDP x%1</translation>
    </message>
    <message>
        <source> · weights kept to backward</source>
        <translation> · Gewichte bis zum Rückwärtsdurchlauf behalten</translation>
    </message>
    <message>
        <source> · SP</source>
        <translation> · SP</translation>
    </message>
    <message>
        <source> · TP overlap</source>
        <translation> · TP-Überlappung</translation>
    </message>
    <message>
        <source> · %1</source>
        <translation> · %1</translation>
    </message>
    <message>
        <source> · PP overlap</source>
        <translation> · PP-Überlappung</translation>
    </message>
    <message>
        <source> · EP overlap</source>
        <translation> · EP-Überlappung</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style='color:#c0392b'&gt;Does not fit: %1&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style='color:#c0392b'&gt;Passt nicht: %1&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 per GPU of %2 usable · %3 s %4 per step · %5 tokens/s · MFU %6 % (%7 % causal half) · bubble %8 %</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>&lt;br&gt;%1 pro GPU von %2 nutzbar · %3 s %4 pro Schritt · %5 Tokens/s · MFU %6 % (%7 % kausal halb) · Blase %8 %</translation>
    </message>
</context>
<context>
    <name>PlanViews</name>
    <message>
        <source>&amp;Memory</source>
        <translation>&amp;Speicher</translation>
    </message>
    <message>
        <source>Bytes per GPU by what they hold, against the usable capacity.</source>
        <translation>Bytes pro GPU nach Inhalt, verglichen mit der nutzbaren Kapazität.</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>Speicher pro GPU</translation>
    </message>
    <message>
        <source>&amp;Stages</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>S&amp;tufen</translation>
    </message>
    <message>
        <source>Pipeline stages: their layers, their GPUs (TP x DP grid), memory and time.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Pipeline-Stufen: ihre Schichten, ihre GPUs (TP-x-DP-Raster), Speicher und Zeit.</translation>
    </message>
    <message>
        <source>Pipeline stages</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Pipeline-Stufen</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>&amp;Zeitleiste</translation>
    </message>
    <message>
        <source>One training step's pipeline schedule: forward and backward passes per stage. The bubble is the time stages sit idle while the pipeline fills and drains.</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Der Pipeline-Zeitplan eines Trainingsschritts: Vorwärts- und Rückwärtsdurchläufe pro Stufe. Die Blase ist die Zeit, in der Stufen untätig sind, während sich die Pipeline füllt und leert.</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>Pipeline-Zeitplan</translation>
    </message>
    <message>
        <source>&amp;Imbalance</source>
        <translation>&amp;Ungleichgewicht</translation>
    </message>
    <message>
        <source>Time per micro-batch of each stage: the slowest stage sets the pace.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Zeit pro Micro-Batch jeder Stufe: Die langsamste Stufe bestimmt das Tempo.</translation>
    </message>
    <message>
        <source>Compute imbalance</source>
        <translation>Rechenungleichgewicht</translation>
    </message>
    <message>
        <source>&amp;Communication</source>
        <translation>&amp;Kommunikation</translation>
    </message>
    <message>
        <source>Tensor-, pipeline- and data-parallel communication of one step.</source>
        <translation>Tensor-, pipeline- und datenparallele Kommunikation eines Schritts.</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>Kommunikation</translation>
    </message>
    <message>
        <source>&lt;b&gt;No plan fits in memory.&lt;/b&gt; Tick "Show plans that do not fit" to see each one's reason, or add GPUs, shorten the sequence, or pin recomputation and ZeRO.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>&lt;b&gt;Kein Plan passt in den Speicher.&lt;/b&gt; Aktivieren Sie „Pläne anzeigen, die nicht passen“, um die Gründe zu sehen, oder fügen Sie GPUs hinzu, verkürzen Sie die Sequenz oder legen Sie Neuberechnung und ZeRO fest.</translation>
    </message>
    <message>
        <source>No plan is selected.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Kein Plan ausgewählt.</translation>
    </message>
    <message>
        <source>%1 micro-batches on %2 stages: too many passes to draw (%3); the bubble is %4 % of the step</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%1 Micro-Batches auf %2 Stufen: zu viele Durchläufe zum Zeichnen (%3); die Blase beträgt %4 % des Schritts</translation>
    </message>
    <message>
        <source>No schedule: %1</source>
        <translation>Kein Zeitplan: %1</translation>
    </message>
    <message>
        <source>%1 on %2 x %3, sequence %4, global batch %5</source>
        <translation>%1 auf %2 x %3, Sequenz %4, globaler Batch %5</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>ShardScope — %1</source>
        <translation>ShardScope — %1</translation>
    </message>
    <message>
        <source>no model</source>
        <translation>kein Modell</translation>
    </message>
    <message>
        <source>&lt;b&gt;No layout passes the rules&lt;/b&gt; (memory was not the limit): the banner above names the rule and the values it allows; tick "Show plans that do not fit" to see each layout's reason.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>&lt;b&gt;Kein Layout erfüllt die Regeln&lt;/b&gt; (nicht der Speicher war die Grenze): Das Banner oben nennt die Regel und die erlaubten Werte; setzen Sie „Pläne anzeigen, die nicht passen“, um den Grund jedes Layouts zu sehen.</translation>
    </message>
</context>
<context>
    <name>PlanningController</name>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
    <message>
        <source>Search cancelled.</source>
        <translation>Suche abgebrochen.</translation>
    </message>
    <message>
        <source>No plan: the inputs are not usable.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Kein Plan: Die Eingaben sind nicht verwendbar.</translation>
    </message>
    <message>
        <source>%1 plans evaluated in %2 ms; %3 fit in memory</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1 Pläne in %2 ms bewertet; %3 passen in den Speicher</translation>
    </message>
    <message>
        <source>No plan could be evaluated.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Kein Plan konnte bewertet werden.</translation>
    </message>
    <message>
        <source>No plan fits.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Kein Plan passt.</translation>
    </message>
    <message>
        <source>Tick "Show plans that do not fit" to see each plan's reason.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Aktivieren Sie „Pläne anzeigen, die nicht passen“, um den Grund für jeden Plan zu sehen.</translation>
    </message>
    <message>
        <source>Try: %1.</source>
        <translation>Versuchen Sie: %1.</translation>
    </message>
    <message>
        <source>The plans could not be re-ranked: %1</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Die Pläne konnten nicht neu eingestuft werden: %1</translation>
    </message>
    <message>
        <source>%1 plans re-ranked in %2 ms (no new search)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1 Pläne in %2 ms neu eingestuft (keine neue Suche)</translation>
    </message>
    <message>
        <source>This plan could not be evaluated: %1</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Dieser Plan konnte nicht bewertet werden: %1</translation>
    </message>
    <message>
        <source>That change is no longer offered: the plans on screen have changed.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Diese Änderung wird nicht mehr angeboten: Die angezeigten Pläne haben sich geändert.</translation>
    </message>
    <message>
        <source>Unknown link "%1".</source>
        <translation>Unbekannter Link „%1“.</translation>
    </message>
</context>
<context>
    <name>ProposalListModel</name>
    <message>
        <source>Does not fit: %1</source>
        <translation>Passt nicht: %1</translation>
    </message>
    <message>
        <source>No change to this plan is predicted to help: it is the best the cost model finds nearby.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Keine Änderung an diesem Plan verspricht eine Verbesserung: Er ist der beste, den das Kostenmodell in der Nähe findet.</translation>
    </message>
    <message>
        <source>%1%2 GiB per GPU</source>
        <translation>%1%2 GiB pro GPU</translation>
    </message>
    <message>
        <source> (estimate)</source>
        <translation> (Schätzung)</translation>
    </message>
    <message>
        <source>Fits and helps</source>
        <translation>Passt und hilft</translation>
    </message>
    <message>
        <source>No change fits and helps: this plan is the best the cost model finds nearby.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Keine Änderung passt und hilft: Dieser Plan ist der beste, den das Kostenmodell in der Nähe findet.</translation>
    </message>
    <message>
        <source>Other changes</source>
        <translation>Andere Änderungen</translation>
    </message>
    <message>
        <source>same tokens/s</source>
        <translation>gleiche Tokens/s</translation>
    </message>
    <message>
        <source>same speed</source>
        <translation>gleiche Geschwindigkeit</translation>
    </message>
    <message>
        <source>%1x the tokens/s</source>
        <translation>%1x die Tokens/s</translation>
    </message>
    <message>
        <source>%1x faster</source>
        <translation>%1x schneller</translation>
    </message>
    <message>
        <source>%1x slower</source>
        <translation>%1x langsamer</translation>
    </message>
    <message>
        <source>does not fit: %1 GiB of %2 GiB usable</source>
        <translation>passt nicht: %1 GiB von %2 GiB nutzbar</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>passt nicht</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>Proposals</name>
    <message>
        <source>step %1 -&gt; %2 (%3x)</source>
        <translation>Schritt %1 -&gt; %2 (%3x)</translation>
    </message>
    <message>
        <source>peak memory %1 -&gt; %2 per GPU of %3 usable</source>
        <translation>Spitzenspeicher %1 -&gt; %2 pro GPU von %3 nutzbar</translation>
    </message>
    <message>
        <source>%1; %2 (does not fit: %3)</source>
        <translation>%1; %2 (passt nicht: %3)</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>channel-parallel Conv (%1 Conv operators, %2 of the FLOPs: output channels split, outputs all-gathered)</source>
        <translation>kanalparallele Conv (%1 Conv-Operatoren, %2 der FLOPs: Ausgabekanäle aufgeteilt, Ausgaben per All-Gather zusammengeführt)</translation>
    </message>
    <message>
        <source>column-parallel then row-parallel MatMul chains (Megatron: QKV and up-projection split by columns, output and down-projection by rows, one all-reduce per pair)</source>
        <translation>spaltenparallele, dann zeilenparallele MatMul-Ketten (Megatron: QKV- und Up-Projektion nach Spalten aufgeteilt, Ausgabe- und Down-Projektion nach Zeilen, ein All-Reduce pro Paar)</translation>
    </message>
    <message>
        <source>%1 over %2 GEMM-bearing %3 holding %4 of the FLOPs</source>
        <translation>%1 über %2 GEMM-haltige %3 mit %4 der FLOPs</translation>
    </message>
    <message>
        <source>More data parallelism: %1 instead of %2</source>
        <translation>Mehr Datenparallelität: %1 statt %2</translation>
    </message>
    <message>
        <source>Fewer data-parallel replicas: %1 instead of %2</source>
        <translation>Weniger datenparallele Replikate: %1 statt %2</translation>
    </message>
    <message>
        <source>DP %1 -&gt; %2 with PP %3 -&gt; %4: pipeline bubble %5 -&gt; %6, exposed DP communication %7 -&gt; %8 per step; %9</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>DP %1 -&gt; %2 mit PP %3 -&gt; %4: Pipeline-Blase %5 -&gt; %6, sichtbare DP-Kommunikation %7 -&gt; %8 pro Schritt; %9</translation>
    </message>
    <message>
        <source>Raise tensor parallelism to TP %1 (%2)</source>
        <translation>Tensorparallelität auf TP %1 erhöhen (%2)</translation>
    </message>
    <message>
        <source>Lower tensor parallelism to TP %1 (%2)</source>
        <translation>Tensorparallelität auf TP %1 senken (%2)</translation>
    </message>
    <message>
        <source>inside a node</source>
        <translation>innerhalb eines Knotens</translation>
    </message>
    <message>
        <source>across nodes</source>
        <translation>über Knoten hinweg</translation>
    </message>
    <message>
        <source>TP %1 -&gt; %2 as %3: TP communication %4 -&gt; %5 per step (%6), compute %7 -&gt; %8; %9</source>
        <translation>TP %1 -&gt; %2 als %3: TP-Kommunikation %4 -&gt; %5 pro Schritt (%6), Rechnen %7 -&gt; %8; %9</translation>
    </message>
    <message>
        <source>pipeline bubble is %1 of the step with m = %2</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>Pipeline-Blase: %1 des Schritts bei m = %2</translation>
    </message>
    <message>
        <source>More micro-batches: micro-batch %1 (m = %2)</source>
        <translation>Mehr Micro-Batches: Micro-Batch %1 (m = %2)</translation>
    </message>
    <message>
        <source>%1; m = %2 cuts it to %3; %4</source>
        <translation>%1; m = %2 senkt sie auf %3; %4</translation>
    </message>
    <message>
        <source>Interleave %1 model chunks per GPU (vpp %1)</source>
        <translation>%1 Modellteile pro GPU verschachteln (vpp %1)</translation>
    </message>
    <message>
        <source>ZB-H1 without interleaving (vpp 1; stages placed by the exact partitioner)</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>ZB-H1 ohne Verschachtelung (vpp 1; Stufen vom exakten Partitionierer platziert)</translation>
    </message>
    <message>
        <source>Plain 1F1B without interleaving (vpp 1; stages placed by the exact partitioner)</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Einfaches 1F1B ohne Verschachtelung (vpp 1; Stufen vom exakten Partitionierer platziert)</translation>
    </message>
    <message>
        <source>%1 and v = %2; v = %3 makes it %4, PP communication %5 -&gt; %6 per step; %7</source>
        <translation>%1 und v = %2; v = %3 macht daraus %4, PP-Kommunikation %5 -&gt; %6 pro Schritt; %7</translation>
    </message>
    <message>
        <source>Turn on sequence parallelism</source>
        <translation>Sequenzparallelität einschalten</translation>
    </message>
    <message>
        <source>Turn off sequence parallelism and the TP communication overlap it enables</source>
        <translation>Sequenzparallelität und die von ihr ermöglichte TP-Kommunikationsüberlappung ausschalten</translation>
    </message>
    <message>
        <source>Turn off sequence parallelism</source>
        <translation>Sequenzparallelität ausschalten</translation>
    </message>
    <message>
        <source>sequence parallelism splits the norm/dropout activations (Korthikanti's 10 sbh) by TP %1 with the same communication volume: block activations per GPU %2 -&gt; %3 on the fullest stage; %4</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Sequenzparallelität teilt die Norm-/Dropout-Aktivierungen (Korthikantis 10 sbh) durch TP %1 bei gleichem Kommunikationsvolumen: Block-Aktivierungen pro GPU %2 -&gt; %3 auf der vollsten Stufe; %4</translation>
    </message>
    <message>
        <source>ZeRO stage %1 instead of %2</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>ZeRO-Stufe %1 statt %2</translation>
    </message>
    <message>
        <source>model states (weights + gradients + optimizer) per GPU %1 -&gt; %2, DP communication %3 -&gt; %4 per step (%5 -&gt; %6 exposed); %7</source>
        <translation>Modellzustände (Gewichte + Gradienten + Optimierer) pro GPU %1 -&gt; %2, DP-Kommunikation %3 -&gt; %4 pro Schritt (%5 -&gt; %6 sichtbar); %7</translation>
    </message>
    <message>
        <source>Recompute %1 instead of %2</source>
        <translation>Neuberechnung %1 statt %2</translation>
    </message>
    <message>
        <source>stored activations per GPU %1 -&gt; %2, recomputation %3 -&gt; %4 per step; %5</source>
        <translation>gespeicherte Aktivierungen pro GPU %1 -&gt; %2, Neuberechnung %3 -&gt; %4 pro Schritt; %5</translation>
    </message>
    <message>
        <source>Micro-batch %1 instead of %2</source>
        <translation>Micro-Batch %1 statt %2</translation>
    </message>
    <message>
        <source>m = %1 -&gt; %2 micro-batches per step; activations in flight per GPU %3 -&gt; %4, pipeline bubble %5 -&gt; %6; %7</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>m = %1 -&gt; %2 Micro-Batches pro Schritt; gleichzeitig vorgehaltene Aktivierungen pro GPU %3 -&gt; %4, Pipeline-Blase %5 -&gt; %6; %7</translation>
    </message>
    <message>
        <source>m = %1 -&gt; %2 micro-batches per step; activations in flight per GPU %3 -&gt; %4; %5</source>
        <translation>m = %1 -&gt; %2 Micro-Batches pro Schritt; gleichzeitig vorgehaltene Aktivierungen pro GPU %3 -&gt; %4; %5</translation>
    </message>
    <message>
        <source>Overlap TP communication with the GEMMs (--tp-comm-overlap)</source>
        <translation>TP-Kommunikation mit den GEMMs überlappen (--tp-comm-overlap)</translation>
    </message>
    <message>
        <source>Sequence parallelism with TP communication overlapped (--sequence-parallel --tp-comm-overlap)</source>
        <translation>Sequenzparallelität mit überlappter TP-Kommunikation (--sequence-parallel --tp-comm-overlap)</translation>
    </message>
    <message>
        <source>exposed TP communication is %1 per step (%2); split into %3 chunks pipelined with the GEMMs that produce and consume them it leaves %4; %5</source>
        <translation>sichtbare TP-Kommunikation beträgt %1 pro Schritt (%2); in %3 Teile zerlegt und mit den GEMMs verzahnt, die sie erzeugen und verbrauchen, bleiben %4; %5</translation>
    </message>
    <message>
        <source>Overlap pipeline sends and receives with compute (p2p communication overlap)</source>
        <translation>Senden und Empfangen der Pipeline mit dem Rechnen überlappen (p2p-Kommunikationsüberlappung)</translation>
    </message>
    <message>
        <source>pipeline communication on the critical path is %1 per step; overlapped, only the handshakes' latency stays: %2</source>
        <translation>Pipeline-Kommunikation auf dem kritischen Pfad: %1 pro Schritt; überlappt bleibt nur die Latenz der Handshakes: %2</translation>
    </message>
    <message>
        <source>Compress gradients to int8 for communication (estimate, %1 -&gt; 1 byte per gradient)</source>
        <translation>Gradienten für die Kommunikation auf int8 komprimieren (Schätzung, %1 -&gt; 1 Byte pro Gradient)</translation>
    </message>
    <message>
        <source>exposed DP communication is %1 (%2 of the step) of %3 per step; int8 gradients cut the gradient bytes %4x, DP communication %5 -&gt; %6 per step, %7 (estimate from the evaluator's DP model with 1-byte gradients, not evaluated end to end; compression kernels, error feedback and convergence are not modelled)</source>
        <translation>sichtbare DP-Kommunikation beträgt %1 (%2 des Schritts) von %3 pro Schritt; int8-Gradienten verringern die Gradientenbytes um den Faktor %4, DP-Kommunikation %5 -&gt; %6 pro Schritt, %7 (Schätzung aus dem DP-Modell des Bewerters mit 1-Byte-Gradienten, nicht durchgängig bewertet; Kompressionskernel, Fehlerrückführung und Konvergenz werden nicht modelliert)</translation>
    </message>
    <message>
        <source>routed experts hold %1 per GPU (%2 of the fullest GPU's %3)</source>
        <translation>geroutete Experten belegen %1 pro GPU (%2 der %3 auf der vollsten GPU)</translation>
    </message>
    <message>
        <source>the token all-to-alls of %1 expose %2 per step (%3 of the step, %4 sent per GPU), %5</source>
        <translation>die Token-All-to-Alls von %1 sind %2 pro Schritt sichtbar (%3 des Schritts, %4 pro GPU gesendet), %5</translation>
    </message>
    <message>
        <source>routed experts per GPU %1 -&gt; %2, EP communication %3 -&gt; %4 per step (%5); %6</source>
        <translation>geroutete Experten pro GPU %1 -&gt; %2, EP-Kommunikation %3 -&gt; %4 pro Schritt (%5); %6</translation>
    </message>
    <message>
        <source>Raise expert parallelism to %1</source>
        <translation>Expertenparallelität auf %1 erhöhen</translation>
    </message>
    <message>
        <source>%1; EP %2 -&gt; %3 spreads the %4 experts of each MoE layer over twice the GPUs</source>
        <translation>%1; EP %2 -&gt; %3 verteilt die %4 Experten jeder MoE-Schicht auf doppelt so viele GPUs</translation>
    </message>
    <message>
        <source>Lower expert parallelism to %1</source>
        <translation>Expertenparallelität auf %1 senken</translation>
    </message>
    <message>
        <source>%1; EP %2 -&gt; %3 halves the peers each token is sent among and doubles the experts per GPU</source>
        <translation>%1; EP %2 -&gt; %3 halbiert die Zahl der GPUs, unter denen jedes Token verteilt wird, und verdoppelt die Experten pro GPU</translation>
    </message>
    <message>
        <source>Keep the expert all-to-all inside a node: %1</source>
        <translation>Das Experten-All-to-All innerhalb eines Knotens halten: %1</translation>
    </message>
    <message>
        <source>%1; EP %2 -&gt; %3 keeps each EP group on the NVLink of one node</source>
        <translation>%1; EP %2 -&gt; %3 hält jede EP-Gruppe im NVLink eines Knotens</translation>
    </message>
    <message>
        <source>Split each expert over %1 (expert tensor parallelism)</source>
        <translation>Jeden Experten über %1 aufteilen (Experten-Tensorparallelität)</translation>
    </message>
    <message>
        <source>one routed expert has %1 parameters (intermediate size %2); ETP %3 -&gt; %4 splits its matrices, all-gathering the routed tokens over the ETP group</source>
        <translation>ein gerouteter Experte hat %1 Parameter (Zwischengröße %2); ETP %3 -&gt; %4 teilt seine Matrizen auf und führt die gerouteten Tokens per All-Gather über die ETP-Gruppe zusammen</translation>
    </message>
    <message>
        <source>Less expert tensor parallelism: %1</source>
        <translation>Weniger Experten-Tensorparallelität: %1</translation>
    </message>
    <message>
        <source>%1; ETP %2 -&gt; %3 runs each expert on fewer GPUs with larger GEMMs and fewer token gathers</source>
        <translation>%1; ETP %2 -&gt; %3 führt jeden Experten auf weniger GPUs aus, mit größeren GEMMs und weniger Token-Gathers</translation>
    </message>
    <message>
        <source>Trade expert tensor parallelism for expert parallelism: %1</source>
        <translation>Experten-Tensorparallelität gegen Expertenparallelität tauschen: %1</translation>
    </message>
    <message>
        <source>%1; %2 -&gt; %3 keeps the GPUs per expert group and shards whole experts instead of their matrices</source>
        <translation>%1; %2 -&gt; %3 behält die GPUs pro Expertengruppe bei und verteilt ganze Experten statt ihrer Matrizen</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 Tokens/s</translation>
    </message>
    <message>
        <source>%1 -&gt; %2 (%3x), step %4 -&gt; %5; %6</source>
        <translation>%1 -&gt; %2 (%3x), Schritt %4 -&gt; %5; %6</translation>
    </message>
    <message>
        <source>%1; a larger batch changes the optimisation (tokens per step, learning-rate schedule)</source>
        <translation>%1; ein größerer Batch verändert die Optimierung (Tokens pro Schritt, Lernratenplan)</translation>
    </message>
    <message>
        <source>Raise global batch to %1 sequences (m = %2 micro-batches)</source>
        <translation>Globalen Batch auf %1 Sequenzen erhöhen (m = %2 Micro-Batches)</translation>
    </message>
    <message>
        <source>pipeline bubble %1 of the pipeline with m = %2 micro-batches on PP %3: global batch %4 -&gt; %5 makes m = %6 and the bubble %7; %8</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>Pipeline-Blase %1 der Pipeline bei m = %2 Micro-Batches auf PP %3: globaler Batch %4 -&gt; %5 ergibt m = %6 und eine Blase von %7; %8</translation>
    </message>
    <message>
        <source>Raise global batch to %1 sequences (allows DP %2)</source>
        <translation>Globalen Batch auf %1 Sequenzen erhöhen (ermöglicht DP %2)</translation>
    </message>
    <message>
        <source>global batch %1 rules out DP %2 on %3 GPUs (DP must divide it); with %4 the fastest plan that fits is %5 (micro-batch %6); %7</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>der globale Batch %1 schließt auf %3 GPUs DP %2 aus (DP muss ihn teilen); mit %4 ist der schnellste passende Plan %5 (Micro-Batch %6); %7</translation>
    </message>
    <message>
        <source>Use %1 GPUs: %2 nodes of %3 %4 (now %5)</source>
        <translation>%1 GPUs verwenden: %2 Knoten mit je %3 %4 (derzeit %5)</translation>
    </message>
    <message>
        <source>the current plan runs at %1 on %2 GPUs</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>der aktuelle Plan läuft mit %1 auf %2 GPUs</translation>
    </message>
    <message>
        <source>no plan fits on %1 GPU</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>auf %1 GPU passt kein Plan</translation>
    </message>
    <message>
        <source>no plan fits on %1 GPUs</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>auf %1 GPUs passt kein Plan</translation>
    </message>
    <message>
        <source>no plan fits on %1 GPU (the closest needs %2 per GPU of %3 usable)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>auf %1 GPU passt kein Plan (der nächstgelegene braucht %2 pro GPU von %3 nutzbar)</translation>
    </message>
    <message>
        <source>no plan fits on %1 GPUs (the closest needs %2 per GPU of %3 usable)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>auf %1 GPUs passt kein Plan (der nächstgelegene braucht %2 pro GPU von %3 nutzbar)</translation>
    </message>
    <message>
        <source>%1; on %2 nodes (%3 GPUs) the fastest plan that fits is %4: peak %5 per GPU of %6 usable, step %7, %8; %9 nodes (%10 GPUs) do not fit</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1; auf %2 Knoten (%3 GPUs) ist der schnellste passende Plan %4: Spitze %5 pro GPU von %6 nutzbar, Schritt %7, %8; %9 Knoten (%10 GPUs) passen nicht</translation>
    </message>
</context>
<context>
    <name>ProposalsController</name>
    <message>
        <source>No proposals: %1</source>
        <translation>Keine Vorschläge: %1</translation>
    </message>
    <message>
        <source>No proposal is selected.</source>
        <translation>Kein Vorschlag ausgewählt.</translation>
    </message>
    <message>
        <source>"%1" is an estimate, not a configuration the planner can switch to.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>„%1“ ist eine Schätzung, keine Konfiguration, zu der der Planer wechseln kann.</translation>
    </message>
    <message>
        <source>Apply "%1"</source>
        <translation>„%1“ übernehmen</translation>
    </message>
</context>
<context>
    <name>ProposalsPanel</name>
    <message>
        <source>&amp;Apply proposal</source>
        <translation>Vorschlag &amp;übernehmen</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>Changes to the selected plan, each re-evaluated with the cost model and ranked by predicted speedup; select one to read why.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Änderungen am gewählten Plan, jede mit dem Kostenmodell neu bewertet und nach vorhergesagter Beschleunigung eingestuft; wählen Sie eine, um die Begründung zu lesen.</translation>
    </message>
    <message>
        <source>Switch to the proposed plan (Undo goes back).</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Zum vorgeschlagenen Plan wechseln (Rückgängig kehrt zurück).</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>Nichts rückgängig zu machen</translation>
    </message>
    <message>
        <source>Undo %1</source>
        <translation>%1 rückgängig machen</translation>
    </message>
</context>
<context>
    <name>RecoveryController</name>
    <message>
        <source>&amp;Restore</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>Bring back the inputs as they were autosaved; they stay unsaved until you save a session.</source>
        <translation>Die Eingaben so zurückholen, wie sie automatisch gesichert wurden; sie bleiben ungespeichert, bis Sie eine Sitzung speichern.</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Delete the autosave.</source>
        <translation>Die automatische Sicherung löschen.</translation>
    </message>
    <message>
        <source>%1 on %2 × %3 %4</source>
        <translation>%1 auf %2 × %3 %4</translation>
    </message>
    <message>
        <source>unreadable: %1</source>
        <translation>nicht lesbar: %1</translation>
    </message>
    <message>
        <source>ShardScope did not exit normally. Unsaved work autosaved at %1 (%2) can be restored.</source>
        <translation>ShardScope wurde nicht normal beendet. Ungespeicherte Arbeit, automatisch gesichert um %1 (%2), kann wiederhergestellt werden.</translation>
    </message>
    <message>
        <source>One older autosave follows.</source>
        <translation>Eine ältere Sicherung folgt.</translation>
    </message>
    <message>
        <source>%1 older autosaves follow.</source>
        <translation>%1 ältere Sicherungen folgen.</translation>
    </message>
    <message>
        <source>The autosave cannot be restored: %1</source>
        <translation>Die automatische Sicherung kann nicht wiederhergestellt werden: %1</translation>
    </message>
</context>
<context>
    <name>RenderCommand</name>
    <message>
        <source>%1 needs a value</source>
        <translation>%1 braucht einen Wert</translation>
    </message>
    <message>
        <source>--size expects WIDTHxHEIGHT in pixels, e.g. 1600x1000, got "%1"</source>
        <translation>--size erwartet BREITExHÖHE in Pixeln, z. B. 1600x1000, erhalten: „%1“</translation>
    </message>
    <message>
        <source>--size must be between 200x150 and 16000x16000, got "%1"</source>
        <translation>--size muss zwischen 200x150 und 16000x16000 liegen, erhalten: „%1“</translation>
    </message>
    <message>
        <source>--theme expects light or dark, got "%1"</source>
        <translation>--theme erwartet light oder dark, erhalten: „%1“</translation>
    </message>
    <message>
        <source>--scale expects a number from 0.1 to 8, got "%1"</source>
        <translation>--scale erwartet eine Zahl von 0.1 bis 8, erhalten: „%1“</translation>
    </message>
    <message>
        <source>--out FILE.png or FILE.svg is required</source>
        <translation>--out DATEI.png oder DATEI.svg ist erforderlich</translation>
    </message>
    <message>
        <source>--out must end in .png or .svg, got "%1"</source>
        <translation>--out muss auf .png oder .svg enden, erhalten: „%1“</translation>
    </message>
    <message>
        <source>--baseline and --compare go with --view compare</source>
        <translation>--baseline und --compare gehören zu --view compare</translation>
    </message>
    <message>
        <source>--view is required: memory, stages, timeline, imbalance, communication, explorer, compare, sweep or window</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>--view ist erforderlich: memory, stages, timeline, imbalance, communication, explorer, compare, sweep oder window</translation>
    </message>
    <message>
        <source>unknown view "%1": use memory, stages, timeline, imbalance, communication, explorer, compare, sweep or window</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>unbekannte Ansicht „%1“: memory, stages, timeline, imbalance, communication, explorer, compare, sweep oder window verwenden</translation>
    </message>
    <message>
        <source>--explorer-zoom expects a factor from 1 to 1000, got "%1"</source>
        <translation>--explorer-zoom erwartet einen Faktor von 1 bis 1000, erhalten: "%1"</translation>
    </message>
    <message>
        <source>--explorer-zoom, --log-x and --log-y go with --view explorer</source>
        <translation>--explorer-zoom, --log-x und --log-y gehören zu --view explorer</translation>
    </message>
    <message>
        <source>Usage: shardscope render MODEL --view VIEW --out FILE.png|FILE.svg [--size WxH] [--scale S]
                         [--theme light|dark] [plan options]

Plans MODEL like "shardscope plan" and draws the best plan as the desktop planner shows it,
titled and with its legend, without a display.

  --view VIEW   memory, stages, timeline, imbalance, communication, explorer (every plan searched,
                the Pareto front drawn), compare (a baseline and up to three plans side by side),
                sweep (the best plan at each cluster size, batch or sequence length), or window
  --out FILE    .png (bitmap) or .svg (vector)
  --size WxH    picture size in pixels at scale 1; default 1600x1000
  --scale S     pixel scale of a PNG (2 for print and high-DPI screens); default 1
  --theme T     light (default) or dark
  --explorer-zoom F  with --view explorer: the range F times smaller around the best plan
  --log-x, --log-y   with --view explorer: logarithmic axes
%1
Plan options: see shardscope plan --help.
</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Aufruf: shardscope render MODELL --view ANSICHT --out DATEI.png|DATEI.svg [--size BxH] [--scale S]
                         [--theme light|dark] [Planoptionen]

Plant MODELL wie „shardscope plan“ und zeichnet den besten Plan so, wie ihn der Desktop-Planer zeigt,
mit Titel und Legende, ohne Bildschirm.

  --view ANSICHT memory, stages, timeline, imbalance, communication, explorer (alle durchsuchten Pläne,
                mit der Pareto-Front), compare (eine Basis und bis zu drei Pläne nebeneinander),
                sweep (der beste Plan je Clustergröße, Batch oder Sequenzlänge) oder window
  --out DATEI   .png (Rastergrafik) oder .svg (Vektorgrafik)
  --size BxH    Bildgröße in Pixeln bei Maßstab 1; Standard 1600x1000
  --scale S     Pixelmaßstab eines PNG (2 für Druck und High-DPI-Bildschirme); Standard 1
  --theme T     light (Standard) oder dark
  --explorer-zoom F  mit --view explorer: der Bereich F-mal kleiner um den besten Plan
  --log-x, --log-y   mit --view explorer: logarithmische Achsen
%1
Planoptionen: siehe shardscope plan --help.
</translation>
    </message>
</context>
<context>
    <name>RenderCompare</name>
    <message>
        <source>%1 needs a value</source>
        <translation>%1 braucht einen Wert</translation>
    </message>
    <message>
        <source>--baseline expects a plan's configuration, e.g. "tp=8,pp=4,mb=1"</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>--baseline erwartet die Konfiguration eines Plans, z. B. „tp=8,pp=4,mb=1“</translation>
    </message>
    <message>
        <source>--compare expects up to %1 plan ranks separated by commas, e.g. 2,3,4, got "%2"</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>--compare erwartet bis zu %1 durch Kommas getrennte Planränge, z. B. 2,3,4, erhalten: „%2“</translation>
    </message>
    <message>
        <source>--compare: %1</source>
        <translation>--compare: %1</translation>
    </message>
    <message>
        <source>  --baseline CONFIG  with --view compare: the plan the others are compared with, by its
                configuration, e.g. "tp=8,pp=16,dp=8,mb=1,zero=1,recompute=selective,sp=on,
                schedule=interleaved,vpp=4" (keys: tp pp dp cp vpp mb zero recompute sp
                schedule tp-overlap pp-overlap cp-comm dp-replicate reshard ep etp ep-overlap;
                dp defaults to the GPUs left); default: the best plan
  --compare R,R,R    with --view compare: up to 3 plan ranks (1 is the best) to compare with the
                baseline; default 2,3,4, or 1,2,3 with --baseline
</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>  --baseline KONFIG  mit --view compare: der Plan, mit dem die anderen verglichen werden, über seine
                Konfiguration, z. B. "tp=8,pp=16,dp=8,mb=1,zero=1,recompute=selective,sp=on,
                schedule=interleaved,vpp=4" (Schlüssel: tp pp dp cp vpp mb zero recompute sp
                schedule tp-overlap pp-overlap cp-comm dp-replicate reshard ep etp ep-overlap;
                dp ist standardmäßig die übrigen GPUs); Standard: der beste Plan
  --compare R,R,R    mit --view compare: bis zu 3 Planränge (1 ist der beste), die mit der Basis
                verglichen werden; Standard 2,3,4, oder 1,2,3 mit --baseline
</translation>
    </message>
</context>
<context>
    <name>RenderSweep</name>
    <message>
        <source>%1 needs a value</source>
        <translation>%1 braucht einen Wert</translation>
    </message>
    <message>
        <source>one sweep axis per picture: %1 and %2 both give several values; give the other a single value</source>
        <translation>eine Sweep-Achse pro Bild: %1 und %2 geben beide mehrere Werte an; geben Sie der anderen einen einzigen Wert</translation>
    </message>
    <message>
        <source>--view sweep needs what to sweep: --gpus, --batch or --seq with a range A..B (the powers of two from A to B, e.g. --gpus 64..1024) or a list A,B,C</source>
        <translation>--view sweep braucht, was variiert wird: --gpus, --batch oder --seq mit einem Bereich A..B (die Zweierpotenzen von A bis B, z. B. --gpus 64..1024) oder einer Liste A,B,C</translation>
    </message>
    <message>
        <source>
The sweep view: shardscope render MODEL --view sweep (--gpus A..B | --batch A..B | --seq A..B)
                --out FILE.png|FILE.svg [--size WxH] [--scale S] [--theme light|dark] [plan options]
  Runs the search at each value as shardscope sweep does (A..B: the powers of two from A to B;
  A,B,C: those values) and draws the best plan's tokens/s, MFU, bubble, step time and memory per
  GPU at each, the smallest value that fits marked. Exit 1 when no plan fits at any value.
</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>
Die Sweep-Ansicht: shardscope render MODELL --view sweep (--gpus A..B | --batch A..B | --seq A..B)
                --out DATEI.png|DATEI.svg [--size BxH] [--scale S] [--theme light|dark] [Planoptionen]
  Führt die Suche bei jedem Wert aus wie shardscope sweep (A..B: die Zweierpotenzen von A bis B;
  A,B,C: diese Werte) und zeichnet für jeden Tokens/s, MFU, Blase, Schrittzeit und Speicher pro GPU
  des besten Plans, den kleinsten passenden Wert markiert. Exit-Code 1, wenn bei keinem Wert ein Plan passt.
</translation>
    </message>
    <message>
        <source>shardscope render: %1: %2</source>
        <translation>shardscope render: %1: %2</translation>
    </message>
</context>
<context>
    <name>SessionFile</name>
    <message>
        <source>cannot save the session: %1</source>
        <translation>Die Sitzung kann nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>cannot open the session file: %1</source>
        <translation>Die Sitzungsdatei kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>the file is %1 bytes, too large for a session file (at most %2)</source>
        <translation>Die Datei ist %1 Byte groß, zu groß für eine Sitzungsdatei (höchstens %2)</translation>
    </message>
    <message>
        <source>cannot read the session file: %1</source>
        <translation>Die Sitzungsdatei kann nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>StageMapView</name>
    <message>
        <source>layer %1</source>
        <translation>Schicht %1</translation>
    </message>
    <message>
        <source>No plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Kein Plan</translation>
    </message>
    <message>
        <source>No estimate: %1</source>
        <translation>Keine Schätzung: %1</translation>
    </message>
    <message>
        <source>1 pipeline stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>1 Pipeline-Stufe</translation>
    </message>
    <message>
        <source>%1 pipeline stages</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%1 Pipeline-Stufen</translation>
    </message>
    <message>
        <source>%1 x (TP %2 x DP %3): slowest stage %4, %5 ms per micro-batch</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%1 x (TP %2 x DP %3): langsamste Stufe %4, %5 ms pro Micro-Batch</translation>
    </message>
    <message>
        <source>TP %1 x DP %2 = %3 GPUs, ranks %4–%5</source>
        <translation>TP %1 x DP %2 = %3 GPUs, Ränge %4–%5</translation>
    </message>
    <message>
        <source>layers %1–%2 (%3): %4 … %5</source>
        <translation>Schichten %1–%2 (%3): %4 … %5</translation>
    </message>
    <message>
        <source>chunk %1: %2</source>
        <translation>Teil %1: %2</translation>
    </message>
    <message>
        <source>slowest</source>
        <translation>langsamste</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Stufe %1</translation>
    </message>
    <message>
        <source>layers %1–%2 (%3)</source>
        <translation>Schichten %1–%2 (%3)</translation>
    </message>
    <message>
        <source>ranks %1–%2</source>
        <translation>Ränge %1–%2</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1, %2 ms</source>
        <translation>%1, %2 ms</translation>
    </message>
    <message>
        <source>%1 ms / micro-batch</source>
        <translation>%1 ms / Micro-Batch</translation>
    </message>
    <message>
        <source>slowest stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>langsamste Stufe</translation>
    </message>
    <message>
        <source>GPU (global rank; TP across, DP down)</source>
        <translation>GPU (globaler Rang; TP waagerecht, DP senkrecht)</translation>
    </message>
    <message>
        <source>memory per GPU of %1 GiB usable</source>
        <translation>Speicher pro GPU von %1 GiB nutzbar</translation>
    </message>
    <message>
        <source>Stage %1 (slowest)</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Stufe %1 (langsamste)</translation>
    </message>
    <message>
        <source>GPU %1: TP rank %2, DP rank %3</source>
        <translation>GPU %1: TP-Rang %2, DP-Rang %3</translation>
    </message>
    <message>
        <source>Memory per GPU: %1 GiB of %2 GiB usable</source>
        <translation>Speicher pro GPU: %1 GiB von %2 GiB nutzbar</translation>
    </message>
    <message>
        <source>Time per micro-batch: %1 ms (compute %2, recompute %3, TP %4, PP %5 ms)</source>
        <translation>Zeit pro Micro-Batch: %1 ms (Rechnen %2, Neuberechnung %3, TP %4, PP %5 ms)</translation>
    </message>
    <message>
        <source>%1 x (TP %2 x CP %3 x DP %4): slowest stage %5, %6 ms per micro-batch</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%1 x (TP %2 x CP %3 x DP %4): langsamste Stufe %5, %6 ms pro Micro-Batch</translation>
    </message>
    <message>
        <source>TP %1 x CP %2 x DP %3 = %4 GPUs, ranks %5–%6</source>
        <translation>TP %1 x CP %2 x DP %3 = %4 GPUs, Ränge %5–%6</translation>
    </message>
    <message>
        <source>GPU %1: TP rank %2, CP rank %3, DP rank %4</source>
        <translation>GPU %1: TP-Rang %2, CP-Rang %3, DP-Rang %4</translation>
    </message>
    <message>
        <source>GPU (global rank; TP across; CP down, framed per CP group; a block per DP rank)</source>
        <translation>GPU (globaler Rang; TP waagerecht; CP senkrecht, je CP-Gruppe umrahmt; ein Block je DP-Rang)</translation>
    </message>
    <message>
        <source>Time per micro-batch: %1 ms (compute %2, recompute %3, TP %4, CP %5, PP %6 ms)</source>
        <translation>Zeit pro Micro-Batch: %1 ms (Rechnen %2, Neuberechnung %3, TP %4, CP %5, PP %6 ms)</translation>
    </message>
    <message>
        <source>TP %1 x CP %2 x DP %3 = %4 GPUs</source>
        <translation>TP %1 x CP %2 x DP %3 = %4 GPUs</translation>
    </message>
    <message>
        <source>TP %1 x DP %2 = %3 GPUs</source>
        <translation>TP %1 x DP %2 = %3 GPUs</translation>
    </message>
    <message>
        <source>%1 GPUs, ranks %2–%3</source>
        <translation>%1 GPUs, Ränge %2–%3</translation>
    </message>
    <message>
        <source>of which MoE: routed experts %1 GiB, shared experts %2 GiB (weights, gradients, optimizer states); MoE activations %3 GiB; dispatcher buffers %4 GiB</source>
        <translation>davon MoE: geroutete Experten %1 GiB, geteilte Experten %2 GiB (Gewichte, Gradienten, Optimiererzustände); MoE-Aktivierungen %3 GiB; Dispatcher-Puffer %4 GiB</translation>
    </message>
    <message>
        <source>; experts EP %1 x ETP %2 x expert DP %3</source>
        <translation>; Experten EP %1 x ETP %2 x Experten-DP %3</translation>
    </message>
    <message>
        <source>; experts: EP rank %1, ETP rank %2, expert DP rank %3</source>
        <translation>; Experten: EP-Rang %1, ETP-Rang %2, Experten-DP-Rang %3</translation>
    </message>
    <message>
        <source>; experts: EP rank %1, expert DP rank %2</source>
        <translation>; Experten: EP-Rang %1, Experten-DP-Rang %2</translation>
    </message>
    <message>
        <source>expert group (EP x ETP GPUs holding every expert once, all-to-all inside); routed experts' memory</source>
        <translation>Expertengruppe (EP x ETP GPUs, die jeden Experten einmal halten, All-to-All innerhalb); Speicher der gerouteten Experten</translation>
    </message>
    <message>
        <source>Time per micro-batch: %1 ms (compute %2, recompute %3, TP %4, CP %5, EP all-to-all %6, PP %7 ms)</source>
        <translation>Zeit pro Micro-Batch: %1 ms (Rechnen %2, Neuberechnung %3, TP %4, CP %5, EP All-to-All %6, PP %7 ms)</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1, %2 ms per micro-batch</source>
        <translation>%1, %2 ms pro Micro-Batch</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>blocks</source>
        <translation>Blöcke</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <source>stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>GPU ranks</source>
        <translation>GPU-Ränge</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>GiB pro GPU</translation>
    </message>
    <message>
        <source>ms per micro-batch</source>
        <translation>ms pro Micro-Batch</translation>
    </message>
    <message>
        <source>ranks</source>
        <translation>Ränge</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>Embedding</translation>
    </message>
    <message>
        <source>head</source>
        <translation>Kopf</translation>
    </message>
    <message>
        <source>output head</source>
        <translation>Ausgabekopf</translation>
    </message>
    <message>
        <source>norm</source>
        <translation>Norm</translation>
    </message>
    <message>
        <source>final norm</source>
        <translation>letzte Norm</translation>
    </message>
    <message>
        <source>No estimate</source>
        <translation>Keine Schätzung</translation>
    </message>
    <message>
        <source>%1 stages, slowest %2: %3 ms per micro-batch</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%1 Stufen, langsamste %2: %3 ms pro Micro-Batch</translation>
    </message>
    <message>
        <source>no layers</source>
        <translation>keine Schichten</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>Block %1</translation>
    </message>
    <message>
        <source>blocks %1–%2</source>
        <translation>Blöcke %1–%2</translation>
    </message>
    <message>
        <source>%1 and %2 other layers</source>
        <translation>%1 und %2 weitere Schichten</translation>
    </message>
    <message>
        <source>%1 chunks: %2</source>
        <translation>%1 Teile: %2</translation>
    </message>
    <message>
        <source>TP %1 x CP %2 x DP %3</source>
        <translation>TP %1 x CP %2 x DP %3</translation>
    </message>
    <message>
        <source>TP %1 x DP %2</source>
        <translation>TP %1 x DP %2</translation>
    </message>
    <message>
        <source>GPUs of each stage: %1 = %2 (global ranks in Megatron's order)</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>GPUs jeder Stufe: %1 = %2 (globale Ränge in der Reihenfolge von Megatron)</translation>
    </message>
    <message>
        <source>GPUs of each stage: %1 = %2</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>GPUs jeder Stufe: %1 = %2</translation>
    </message>
    <message>
        <source>%1 GPUs a stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%1 GPUs pro Stufe</translation>
    </message>
    <message>
        <source>GPU (TP across, CP and DP down)</source>
        <translation>GPU (TP waagerecht, CP und DP senkrecht)</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>expert group (EP x ETP GPUs); routed experts' memory</source>
        <translation>Expertengruppe (EP x ETP GPUs); Speicher der gerouteten Experten</translation>
    </message>
    <message>
        <source>expert group</source>
        <translation>Expertengruppe</translation>
    </message>
    <message>
        <source>memory of %1 GiB</source>
        <translation>Speicher von %1 GiB</translation>
    </message>
    <message>
        <source>stages %1–%2 of %3 shown: the wheel scrolls</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Stufen %1–%2 von %3 gezeigt: Das Mausrad blättert</translation>
    </message>
    <message>
        <source>stages %1–%2 of %3</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Stufen %1–%2 von %3</translation>
    </message>
    <message numerus="yes">
        <source>GPU (global rank; TP across; CP down, framed per CP group; a block per DP rank, %n a row)</source>
        <translation><numerusform>GPU (globaler Rang; TP waagerecht; CP senkrecht, je CP-Gruppe umrahmt; ein Block je DP-Rang, %n pro Zeile)</numerusform><numerusform>GPU (globaler Rang; TP waagerecht; CP senkrecht, je CP-Gruppe umrahmt; ein Block je DP-Rang, %n pro Zeile)</numerusform></translation>
    </message>
    <message>
        <source>GPU (TP across, CP down, DP blocks in rows)</source>
        <translation>GPU (TP waagerecht, CP senkrecht, DP-Blöcke in Zeilen)</translation>
    </message>
    <message numerus="yes">
        <source>GPU (global rank; DP ranks in rows of %n)</source>
        <translation><numerusform>GPU (globaler Rang; DP-Ränge in Zeilen zu je %n)</numerusform><numerusform>GPU (globaler Rang; DP-Ränge in Zeilen zu je %n)</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>GPU (global rank; TP across; a block per DP rank, %n a row)</source>
        <translation><numerusform>GPU (globaler Rang; TP waagerecht; ein Block je DP-Rang, %n pro Zeile)</numerusform><numerusform>GPU (globaler Rang; TP waagerecht; ein Block je DP-Rang, %n pro Zeile)</numerusform></translation>
    </message>
</context>
<context>
    <name>SweepCommand</name>
    <message>
        <source>option %1 expects a value</source>
        <translation>Option %1 erwartet einen Wert</translation>
    </message>
    <message>
        <source>%1 is an option of shardscope plan; a sweep keeps each point's best plan (plan a point on its own for more)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1 ist eine Option von shardscope plan; ein Sweep behält den besten Plan jedes Punkts (planen Sie einen Punkt einzeln für mehr)</translation>
    </message>
    <message>
        <source>one sweep axis per run: %1 and %2 both give several values; give the other a single value</source>
        <translation>eine Sweep-Achse pro Lauf: %1 und %2 geben beide mehrere Werte an; geben Sie der anderen einen einzigen Wert</translation>
    </message>
    <message>
        <source>no sweep axis: give --gpus, --batch or --seq a range A..B (the powers of two from A to B, e.g. --gpus 64..16384) or a list A,B,C</source>
        <translation>keine Sweep-Achse: Geben Sie --gpus, --batch oder --seq einen Bereich A..B (die Zweierpotenzen von A bis B, z. B. --gpus 64..16384) oder eine Liste A,B,C</translation>
    </message>
    <message>
        <source>no model given: shardscope sweep MODEL --gpus A..B [options] (a config.json, a model file, or a bundled name such as llama-3-70b)</source>
        <translation>kein Modell angegeben: shardscope sweep MODELL --gpus A..B [Optionen] (eine config.json, eine Modelldatei oder ein mitgelieferter Name wie llama-3-70b)</translation>
    </message>
    <message>
        <source>1 point</source>
        <translation>1 Punkt</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 Punkte</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>seq</source>
        <translation>Seq.</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU-Anzahl</translation>
    </message>
    <message>
        <source>global batch</source>
        <translation>globaler Batch</translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation>Sequenzlänge</translation>
    </message>
    <message>
        <source>GPU count swept</source>
        <translation>GPU-Anzahl variiert</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 GPUs</translation>
    </message>
    <message>
        <source>Cluster  %1 (%2 each), %3, %4 GPUs a node, intra-node %5 GB/s, inter-node %6 GB/s</source>
        <translation>Cluster  %1 (je %2), %3, %4 GPUs pro Knoten, im Knoten %5 GB/s, zwischen Knoten %6 GB/s</translation>
    </message>
    <message>
        <source>Training sequence %1, global batch %2, %3, %4, flash attention %5</source>
        <translation>Training Sequenz %1, globaler Batch %2, %3, %4, Flash Attention %5</translation>
    </message>
    <message>
        <source>swept</source>
        <translation>variiert</translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation>%1 Sequenzen</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Warning  %1</source>
        <translation>Warnung  %1</translation>
    </message>
    <message>
        <source>Strategy %1, weights memory %2 / compute %3 / communication %4</source>
        <translation>Strategie %1, Gewichte Speicher %2 / Rechnen %3 / Kommunikation %4</translation>
    </message>
    <message>
        <source>Sweep    %1 %2 (%3, a full search each)</source>
        <translation>Sweep    %1 %2 (%3, je eine volle Suche)</translation>
    </message>
    <message>
        <source>fit/searched</source>
        <translation>passend/gesucht</translation>
    </message>
    <message>
        <source>%1  error: %2</source>
        <translation>%1  Fehler: %2</translation>
    </message>
    <message>
        <source>%1  no plan fits (%2 candidates): %3</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1  kein Plan passt (%2 Kandidaten): %3</translation>
    </message>
    <message>
        <source>  &lt;- smallest that fits</source>
        <translation>  &lt;- kleinster passender</translation>
    </message>
    <message>
        <source>%1 searched in %2 s, %3 candidates in all.</source>
        <translation>%1 in %2 s durchsucht, insgesamt %3 Kandidaten.</translation>
    </message>
    <message>
        <source>No plan fits at any point.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>An keinem Punkt passt ein Plan.</translation>
    </message>
    <message>
        <source>Predicted times: %1</source>
        <translation>Vorhergesagte Zeiten: %1</translation>
    </message>
    <message>
        <source>Predicted times are %1</source>
        <translation>Vorhergesagte Zeiten sind %1</translation>
    </message>
    <message>
        <source>Smallest cluster that fits: %1 GPUs (%2).</source>
        <translation>Kleinster passender Cluster: %1 GPUs (%2).</translation>
    </message>
    <message>
        <source>1 node of %1</source>
        <translation>1 Knoten zu %1</translation>
    </message>
    <message>
        <source>%1 nodes of %2</source>
        <translation>%1 Knoten zu %2</translation>
    </message>
    <message>
        <source>Smallest global batch that fits: %1 sequences; largest: %2.</source>
        <translation>Kleinster passender globaler Batch: %1 Sequenzen; größter: %2.</translation>
    </message>
    <message>
        <source>Shortest sequence that fits: %1 tokens; longest: %2.</source>
        <translation>Kürzeste passende Sequenz: %1 Tokens; längste: %2.</translation>
    </message>
    <message>
        <source>shardscope sweep: cannot write %1: %2</source>
        <translation>shardscope sweep: %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Wrote %1 (%2).</source>
        <translation>%1 geschrieben (%2).</translation>
    </message>
    <message>
        <source>shardscope sweep: %1</source>
        <translation>shardscope sweep: %1</translation>
    </message>
    <message>
        <source>--csv - and --json - would both write to standard output; send one of them to a file</source>
        <translation>--csv - und --json - würden beide auf die Standardausgabe schreiben; schreiben Sie eines davon in eine Datei</translation>
    </message>
    <message>
        <source>Usage: shardscope sweep MODEL (--gpus A..B | --batch A..B | --seq A..B) [options] [--csv FILE] [--json FILE]

Runs the full search (as shardscope plan) at each value of one input and prints one row a value: the
best plan's layout, memory per GPU, step time, tokens/s, MFU and bubble, with the smallest value at
which a plan fits marked. MODEL is as for shardscope plan.

The sweep (exactly one of these gets several values; the others may be given one value):
  --gpus A..B|A,B,C       GPU counts, whole nodes of --gpus-per-node (default 8) each
  --batch A..B|A,B,C      global batch sizes in sequences (also --global-batch)
  --seq A..B|A,B,C        sequence lengths in tokens
                          A..B is every power of two from A to B (64..16384: 64, 128, ..., 16384);
                          A,B,C are those values. At most 64 values; each is a full search. A value
                          that cannot be planned (not whole nodes, say) shows its error in its row
  --csv FILE              also write the table as CSV (one row a value; docs/sweep-format.md)
  --json FILE             also write the sweep as JSON (docs/sweep-format.md)
                          (FILE -: standard output, instead of the table)

%1Exit codes: 0 a plan fits at some value; 1 no plan fits at any value; 2 bad command line;
3 invalid input (or no value could be planned); 4 cannot write output.

Examples:
  shardscope sweep llama-3.1-405b --gpus 64..16384 --seq 8192 --global-batch 2048
  shardscope sweep llama-3-70b --gpus 64 --seq 2048..32768 --token-budget 15T --gpu-hour-price 2.5 \
                   --csv sweep.csv
</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Aufruf: shardscope sweep MODELL (--gpus A..B | --batch A..B | --seq A..B) [Optionen] [--csv DATEI] [--json DATEI]

Führt die volle Suche (wie shardscope plan) bei jedem Wert einer Eingabe aus und gibt eine Zeile pro Wert aus:
Aufteilung des besten Plans, Speicher pro GPU, Schrittzeit, Tokens/s, MFU und Blase; der kleinste Wert, bei dem
ein Plan passt, ist markiert. MODELL wie bei shardscope plan.

Der Sweep (genau eine dieser Optionen erhält mehrere Werte; die anderen dürfen einen Wert erhalten):
  --gpus A..B|A,B,C       GPU-Anzahlen, jeweils ganze Knoten zu --gpus-per-node (Standard 8)
  --batch A..B|A,B,C      globale Batchgrößen in Sequenzen (auch --global-batch)
  --seq A..B|A,B,C        Sequenzlängen in Tokens
                          A..B ist jede Zweierpotenz von A bis B (64..16384: 64, 128, ..., 16384);
                          A,B,C sind diese Werte. Höchstens 64 Werte; jeder ist eine volle Suche. Ein Wert,
                          der nicht planbar ist (etwa keine ganzen Knoten), zeigt seinen Fehler in seiner Zeile
  --csv DATEI             die Tabelle zusätzlich als CSV schreiben (eine Zeile pro Wert; docs/sweep-format.md)
  --json DATEI            den Sweep zusätzlich als JSON schreiben (docs/sweep-format.md)
                          (DATEI -: Standardausgabe, statt der Tabelle)

%1Exit-Codes: 0 bei einem Wert passt ein Plan; 1 bei keinem Wert passt ein Plan; 2 fehlerhafte Befehlszeile;
3 ungültige Eingabe (oder kein Wert planbar); 4 Ausgabe nicht schreibbar.

Beispiele:
  shardscope sweep llama-3.1-405b --gpus 64..16384 --seq 8192 --global-batch 2048
  shardscope sweep llama-3-70b --gpus 64 --seq 2048..32768 --token-budget 15T --gpu-hour-price 2.5 \
                   --csv sweep.csv
</translation>
    </message>
    <message>
        <source>%1 (at %2)</source>
        <translation>%1 (bei %2)</translation>
    </message>
</context>
<context>
    <name>SweepPanel</name>
    <message>
        <source>Run</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Export CSV/JSON...</source>
        <translation>CSV/JSON exportieren...</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>Globaler Batch</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Sequenzlänge</translation>
    </message>
    <message>
        <source>The input that changes from point to point; everything else stays as set</source>
        <translation>Die Eingabe, die sich von Punkt zu Punkt ändert; alles andere bleibt wie eingestellt</translation>
    </message>
    <message>
        <source>A..B: every power of two from A to B (64..16384 is 64, 128, ..., 16384); A,B,C: those values. At most %1 values; each is a full search. GPU counts are whole nodes.</source>
        <translation>A..B: jede Zweierpotenz von A bis B (64..16384 ist 64, 128, ..., 16384); A,B,C: diese Werte. Höchstens %1 Werte; jeder ist eine volle Suche. GPU-Anzahlen sind ganze Knoten.</translation>
    </message>
    <message>
        <source>Search every value and show each one's best plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Jeden Wert durchsuchen und jeweils den besten Plan zeigen</translation>
    </message>
    <message>
        <source>Stop the sweep; the points finished so far stay</source>
        <translation>Den Sweep anhalten; die bisher fertigen Punkte bleiben</translation>
    </message>
    <message>
        <source>Write the sweep as CSV or JSON (docs/sweep-format.md)</source>
        <translation>Den Sweep als CSV oder JSON schreiben (docs/sweep-format.md)</translation>
    </message>
    <message>
        <source>Choose what to sweep and its values, then Run.</source>
        <translation>Wählen Sie, was variiert wird, und seine Werte, dann Starten.</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>Sweep</translation>
    </message>
    <message>
        <source>&amp;Values</source>
        <translation>&amp;Werte</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Open a model first: a sweep plans the model on screen.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Öffnen Sie zuerst ein Modell: Ein Sweep plant das angezeigte Modell.</translation>
    </message>
    <message>
        <source>Cancelling...</source>
        <translation>Wird abgebrochen...</translation>
    </message>
    <message>
        <source>Searching 1 point...</source>
        <translation>1 Punkt wird durchsucht...</translation>
    </message>
    <message>
        <source>Searching %1 points...</source>
        <translation>%1 Punkte werden durchsucht...</translation>
    </message>
    <message>
        <source>Searching %1 (point %2 of %3)...</source>
        <translation>%1 wird durchsucht (Punkt %2 von %3)...</translation>
    </message>
    <message>
        <source>Cancelled: %1 of %2 points in %3 s</source>
        <translation>Abgebrochen: %1 von %2 Punkten in %3 s</translation>
    </message>
    <message>
        <source>1 point in %1 s</source>
        <translation>1 Punkt in %1 s</translation>
    </message>
    <message>
        <source>%1 points in %2 s</source>
        <translation>%1 Punkte in %2 s</translation>
    </message>
    <message>
        <source>; %1</source>
        <translation>; %1</translation>
    </message>
    <message>
        <source>; largest that fits: %1</source>
        <translation>; größter passender: %1</translation>
    </message>
    <message>
        <source>; no plan fits at any point</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>; an keinem Punkt passt ein Plan</translation>
    </message>
    <message>
        <source>The sweep could not run.</source>
        <translation>Der Sweep konnte nicht laufen.</translation>
    </message>
    <message>
        <source>There is no sweep to export yet: run one first.</source>
        <translation>Es gibt noch keinen Sweep zum Exportieren: Starten Sie zuerst einen.</translation>
    </message>
    <message>
        <source>Cannot export to %1: the file name must end in .csv or .json</source>
        <translation>Export nach %1 nicht möglich: Der Dateiname muss auf .csv oder .json enden</translation>
    </message>
    <message>
        <source>Cannot export to %1: %2</source>
        <translation>Export nach %1 nicht möglich: %2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Export Sweep</source>
        <translation>Sweep exportieren</translation>
    </message>
    <message>
        <source>CSV table (*.csv);;Sweep JSON (*.json)</source>
        <translation>CSV-Tabelle (*.csv);;Sweep-JSON (*.json)</translation>
    </message>
    <message>
        <source>Sweep written to %1</source>
        <translation>Sweep geschrieben nach %1</translation>
    </message>
    <message>
        <source>%1 on %2, %3 a node</source>
        <translation>%1 auf %2, %3 pro Knoten</translation>
    </message>
    <message>
        <source>%1 on %2 x %3</source>
        <translation>%1 auf %2 x %3</translation>
    </message>
    <message>
        <source>seq %1</source>
        <translation>Seq. %1</translation>
    </message>
    <message>
        <source>global batch %1</source>
        <translation>globaler Batch %1</translation>
    </message>
    <message>
        <source>%1 search</source>
        <translation>Suche %1</translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <source>Sweep — %1</source>
        <translation>Sweep — %1</translation>
    </message>
</context>
<context>
    <name>SweepView</name>
    <message>
        <source>GPU count</source>
        <translation>GPU-Anzahl</translation>
    </message>
    <message>
        <source>global batch</source>
        <translation>globaler Batch</translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation>Sequenzlänge</translation>
    </message>
    <message>
        <source>%1M</source>
        <translation>%1 Mio.</translation>
    </message>
    <message>
        <source>%1k</source>
        <translation>%1 Tsd.</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>1 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 GPUs</translation>
    </message>
    <message>
        <source>1 sequence</source>
        <translation>1 Sequenz</translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation>%1 Sequenzen</translation>
    </message>
    <message>
        <source>1 token</source>
        <translation>1 Token</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>smallest cluster that fits: %1</source>
        <translation>kleinster passender Cluster: %1</translation>
    </message>
    <message>
        <source>smallest global batch that fits: %1</source>
        <translation>kleinster passender globaler Batch: %1</translation>
    </message>
    <message>
        <source>shortest sequence that fits: %1</source>
        <translation>kürzeste passende Sequenz: %1</translation>
    </message>
    <message>
        <source> (1 node of %1)</source>
        <translation> (1 Knoten zu %1)</translation>
    </message>
    <message>
        <source> (%1 nodes of %2)</source>
        <translation> (%1 Knoten zu %2)</translation>
    </message>
    <message>
        <source>%1: cannot be planned</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1: nicht planbar</translation>
    </message>
    <message>
        <source>%1 of %2 candidates fit (searched in %3 s)</source>
        <translation>%1 von %2 Kandidaten passen (in %3 s durchsucht)</translation>
    </message>
    <message>
        <source>%1: no plan fits</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1: kein Plan passt</translation>
    </message>
    <message>
        <source>%1: best plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1: bester Plan</translation>
    </message>
    <message>
        <source>%1 of %2 usable</source>
        <translation>%1 von %2 nutzbar</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>Sweep</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>%1 on %2 x %3</source>
        <translation>%1 auf %2 x %3</translation>
    </message>
    <message>
        <source>%1 of %2 points</source>
        <translation>%1 von %2 Punkten</translation>
    </message>
    <message>
        <source>no plan fits at any point</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>an keinem Punkt passt ein Plan</translation>
    </message>
    <message>
        <source>Best plan at each %1: %2 — %3</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Bester Plan je %1: %2 — %3</translation>
    </message>
    <message>
        <source>Sweep: %1 of %2 points</source>
        <translation>Sweep: %1 von %2 Punkten</translation>
    </message>
    <message>
        <source>Sweep: fits from %1</source>
        <translation>Sweep: passt ab %1</translation>
    </message>
    <message>
        <source>Sweep: no plan fits</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Sweep: kein Plan passt</translation>
    </message>
    <message>
        <source>best plan (a plan fits)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>bester Plan (ein Plan passt)</translation>
    </message>
    <message>
        <source>plan fits</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Plan passt</translation>
    </message>
    <message>
        <source>no plan fits (hover for why)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>kein Plan passt (Mauszeiger zeigt den Grund)</translation>
    </message>
    <message>
        <source>no plan fits</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>kein Plan passt</translation>
    </message>
    <message>
        <source>cannot be planned (hover for why)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>nicht planbar (Mauszeiger zeigt den Grund)</translation>
    </message>
    <message>
        <source>cannot be planned</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>nicht planbar</translation>
    </message>
    <message>
        <source>smallest that fits</source>
        <translation>kleinster passender</translation>
    </message>
    <message>
        <source>smallest fit</source>
        <translation>kleinster</translation>
    </message>
    <message>
        <source>largest that fits</source>
        <translation>größter passender</translation>
    </message>
    <message>
        <source>largest fit</source>
        <translation>größter</translation>
    </message>
    <message>
        <source>usable memory per GPU</source>
        <translation>nutzbarer Speicher pro GPU</translation>
    </message>
    <message>
        <source>usable memory</source>
        <translation>nutzbarer Speicher</translation>
    </message>
    <message>
        <source>Choose what to sweep and its values, then Run: each point is a full search</source>
        <translation>Wählen Sie, was variiert wird, und seine Werte, dann Starten: Jeder Punkt ist eine volle Suche</translation>
    </message>
    <message>
        <source>Choose what to sweep, then Run</source>
        <translation>Wählen Sie, was variiert wird, dann Starten</translation>
    </message>
    <message>
        <source>Across: %1 on a log scale. Each point is the best plan of a full search at that value.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>Waagerecht: %1 auf logarithmischer Skala. Jeder Punkt ist der beste Plan einer vollen Suche bei diesem Wert.</translation>
    </message>
    <message>
        <source>Across: %1 (log scale)</source>
        <translation>Waagerecht: %1 (logarithmisch)</translation>
    </message>
    <message>
        <source>usable %1</source>
        <translation>nutzbar %1</translation>
    </message>
    <message>
        <source>fits from %1</source>
        <translation>passt ab %1</translation>
    </message>
    <message>
        <source>fits up to %1</source>
        <translation>passt bis %1</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>No pipeline schedule</source>
        <translation>Kein Pipeline-Zeitplan</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>Interleaved 1F1B (%1 chunks per stage)</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Verschachteltes 1F1B (%1 Teile pro Stufe)</translation>
    </message>
    <message>
        <source>%1, %2 stages, %3 micro-batches: the bubble is %4 % of the step</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%1, %2 Stufen, %3 Micro-Batches: Die Blase beträgt %4 % des Schritts</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Stufe %1</translation>
    </message>
    <message>
        <source>forward pass</source>
        <translation>Vorwärtsdurchlauf</translation>
    </message>
    <message>
        <source>later model chunks are lighter</source>
        <translation>spätere Modellteile sind leichter</translation>
    </message>
    <message>
        <source>idle: the pipeline bubble</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>untätig: die Pipeline-Blase</translation>
    </message>
    <message>
        <source>Zero bubble H1</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>Blasenfreier Zeitplan H1</translation>
    </message>
    <message>
        <source>Interleaved zero bubble (%1 chunks per stage)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Verschachtelter blasenfreier Zeitplan (%1 Teile pro Stufe)</translation>
    </message>
    <message>
        <source>Zero bubble V (2 chunks per stage)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Blasenfreier Zeitplan V (2 Teile pro Stufe)</translation>
    </message>
    <message>
        <source>No schedule</source>
        <translation>Kein Zeitplan</translation>
    </message>
    <message>
        <source>%1 stages, %2 micro-batches: bubble %3 %</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%1 Stufen, %2 Micro-Batches: Blase %3 %</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>vorwärts</translation>
    </message>
    <message>
        <source>input gradients (B), with full recomputation</source>
        <translation>Eingabegradienten (B), mit voller Neuberechnung</translation>
    </message>
    <message>
        <source>input gradients (B)</source>
        <translation>Eingabegradienten (B)</translation>
    </message>
    <message>
        <source>backward pass, with full recomputation</source>
        <translation>Rückwärtsdurchlauf, mit voller Neuberechnung</translation>
    </message>
    <message>
        <source>backward pass</source>
        <translation>Rückwärtsdurchlauf</translation>
    </message>
    <message>
        <source>input gradients (B), with selective recomputation</source>
        <translation>Eingabegradienten (B), mit selektiver Neuberechnung</translation>
    </message>
    <message>
        <source>backward pass, with selective recomputation</source>
        <translation>Rückwärtsdurchlauf, mit selektiver Neuberechnung</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>rückwärts</translation>
    </message>
    <message>
        <source>weight gradients (W), deferred into the bubble</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>Gewichtsgradienten (W), in die Blase verschoben</translation>
    </message>
    <message>
        <source>weight gradients (W)</source>
        <translation>Gewichtsgradienten (W)</translation>
    </message>
    <message>
        <source>later chunks lighter</source>
        <translation>spätere Teile leichter</translation>
    </message>
    <message>
        <source>warm-up and drain (shaded)</source>
        <translation>Anlauf und Auslauf (schattiert)</translation>
    </message>
    <message>
        <source>warm-up, drain</source>
        <translation>Anlauf, Auslauf</translation>
    </message>
    <message>
        <source>idle (bubble)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>untätig (Blase)</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>Anlauf</translation>
    </message>
    <message>
        <source>steady state</source>
        <translation>Gleichlauf</translation>
    </message>
    <message>
        <source>drain</source>
        <translation>Auslauf</translation>
    </message>
    <message>
        <source>weight gradient (W)</source>
        <translation>Gewichtsgradient (W)</translation>
    </message>
    <message>
        <source>input gradient (B)</source>
        <translation>Eingabegradient (B)</translation>
    </message>
    <message>
        <source>%1 with recomputation</source>
        <translation>%1 mit Neuberechnung</translation>
    </message>
    <message>
        <source>%1 (chunk %2)</source>
        <translation>%1 (Teil %2)</translation>
    </message>
    <message>
        <source>Stage %1, micro-batch %2: %3
%4 ms to %5 ms (%6 ms), in the %7</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Stufe %1, Micro-Batch %2: %3
%4 ms bis %5 ms (%6 ms), Phase: %7</translation>
    </message>
    <message>
        <source>%1 to %2 %3 of the step</source>
        <translation>%1 bis %2 %3 des Schritts</translation>
    </message>
    <message>
        <source>time in the step (%1), zoomed to %2: double-click to show the whole step</source>
        <translation>Zeit im Schritt (%1), vergrößert auf %2: Doppelklick zeigt den ganzen Schritt</translation>
    </message>
    <message>
        <source>time in the step (%1), zoomed: double-click to reset</source>
        <translation>Zeit im Schritt (%1), vergrößert: Doppelklick setzt zurück</translation>
    </message>
    <message>
        <source>time (%1), zoomed</source>
        <translation>Zeit (%1), vergrößert</translation>
    </message>
    <message>
        <source>time from the start of the step (%1); the wheel zooms, dragging pans</source>
        <translation>Zeit ab Beginn des Schritts (%1); das Mausrad zoomt, Ziehen verschiebt</translation>
    </message>
    <message>
        <source>time from the start of the step (%1)</source>
        <translation>Zeit ab Beginn des Schritts (%1)</translation>
    </message>
    <message>
        <source>time (%1)</source>
        <translation>Zeit (%1)</translation>
    </message>
</context>
<context>
    <name>ValidateCommand</name>
    <message>
        <source>Profile %1: %2</source>
        <translation>Profil %1: %2</translation>
    </message>
    <message>
        <source>  %1: GEMM fraction %2, scale-up efficiency %3, scale-out efficiency %4, attention scale %5</source>
        <translation>  %1: GEMM-Anteil %2, Scale-up-Effizienz %3, Scale-out-Effizienz %4, Attention-Faktor %5</translation>
    </message>
    <message>
        <source>%1 %2 %3 %4 %5 %6 %7 %8</source>
        <translation>%1 %2 %3 %4 %5 %6 %7 %8</translation>
    </message>
    <message>
        <source>run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>regime</source>
        <translation>Regime</translation>
    </message>
    <message>
        <source>layout</source>
        <translation>Aufteilung</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>vorhergesagt</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>cv model</source>
        <translation>KV Modell</translation>
    </message>
    <message>
        <source>cv source</source>
        <translation>KV Quelle</translation>
    </message>
    <message>
        <source>no plan: %1</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>kein Plan: %1</translation>
    </message>
    <message>
        <source>(not fitted: %1)</source>
        <translation>(nicht angepasst: %1)</translation>
    </message>
    <message>
        <source>By regime (mean |error|; cross-validated: leave one model out, leave one source out):</source>
        <translation>Je Regime (mittlerer |Fehler|; kreuzvalidiert: ein Modell ausgelassen, eine Quelle ausgelassen):</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>fitted</source>
        <translation>angepasst</translation>
    </message>
    <message>
        <source>in-sample</source>
        <translation>Stichprobe</translation>
    </message>
    <message>
        <source>max</source>
        <translation>max</translation>
    </message>
    <message numerus="yes">
        <source>Not evaluated (%n run(s)):</source>
        <translation><numerusform>Nicht ausgewertet (%n Lauf):</numerusform><numerusform>Nicht ausgewertet (%n Läufe):</numerusform></translation>
    </message>
    <message>
        <source>Usage: shardscope validate [--profile NAME] [--json FILE] [--in-sample]

Predicts every measured training run of a software-stack profile with its published layout
pinned (docs/measured-runs.md) and prints predicted against measured step time, then the mean
error by regime (GPU family, dense or MoE, precision, sequence length): in-sample with the
committed constants, and cross-validated (the constants refitted without the run's model, and
without its source). Runs the program cannot evaluate are listed with the reason.

  --profile NAME   megatron-bridge (default), mcore-r0.8 or megatron-2021
  --json FILE      also write every run and regime as JSON (- for standard output)
  --in-sample      skip the cross-validation's refits
</source>
        <translation>Aufruf: shardscope validate [--profile NAME] [--json DATEI] [--in-sample]

Sagt jeden gemessenen Trainingslauf eines Software-Stack-Profils mit seiner veröffentlichten, fest
vorgegebenen Aufteilung voraus (docs/measured-runs.md) und gibt vorhergesagte gegen gemessene
Schrittzeit aus, dann den mittleren Fehler je Regime (GPU-Familie, dicht oder MoE, Präzision,
Sequenzlänge): in der Stichprobe mit den festgeschriebenen Konstanten und kreuzvalidiert (die
Konstanten ohne das Modell des Laufs bzw. ohne seine Quelle neu angepasst). Läufe, die das Programm
nicht auswerten kann, werden mit Grund aufgeführt.

  --profile NAME   megatron-bridge (Standard), mcore-r0.8 oder megatron-2021
  --json DATEI     zusätzlich jeden Lauf und jedes Regime als JSON schreiben (- für die Standardausgabe)
  --in-sample      die Neuanpassungen der Kreuzvalidierung überspringen
</translation>
    </message>
    <message>
        <source>shardscope validate: %1 needs a value</source>
        <translation>shardscope validate: %1 braucht einen Wert</translation>
    </message>
    <message>
        <source>shardscope validate: unknown argument "%1"; see shardscope validate --help</source>
        <translation>shardscope validate: unbekanntes Argument „%1“; siehe shardscope validate --help</translation>
    </message>
    <message>
        <source>shardscope validate: unknown profile "%1"; expected one of %2</source>
        <translation>shardscope validate: unbekanntes Profil „%1“; erwartet eines von %2</translation>
    </message>
    <message>
        <source>shardscope validate: %1</source>
        <translation>shardscope validate: %1</translation>
    </message>
    <message>
        <source>(memory over-counted: the run ran, but %1)</source>
        <translation>(Speicher überschätzt: der Lauf lief, aber %1)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>%1: no such file, and not a bundled model</source>
        <translation>%1: Datei nicht vorhanden und kein mitgeliefertes Modell</translation>
    </message>
</context>
</TS>
