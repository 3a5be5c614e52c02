// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/model/transformer_spec.*: parameter counts against published figures and the
// per-block activation decomposition of Korthikanti et al. 2022.
#include "import/hf_config_importer.h"
#include "import/model_importer.h"
#include "model/model_graph.h"
#include "model/transformer_spec.h"
#include "util/input_error.h"

#include <QtTest>

#include <cmath>

using namespace shardscope;

namespace {

TransformerSpec llama(std::int64_t h, std::int64_t f, std::int64_t l, std::int64_t a, std::int64_t kv, std::int64_t v)
{
    TransformerSpec s;
    s.name = "llama";
    s.hidden = h;
    s.ffn = f;
    s.layers = l;
    s.heads = a;
    s.kvHeads = kv;
    s.vocab = v;
    s.maxPositions = 4096;
    return s; // defaults: SwiGLU, RMSNorm, rotary, no biases, untied
}

TransformerSpec gpt3()
{
    TransformerSpec s;
    s.name = "gpt3-175b";
    s.hidden = 12288;
    s.ffn = 4 * 12288;
    s.layers = 96;
    s.heads = 96;
    s.kvHeads = 96;
    s.vocab = 50257;
    s.maxPositions = 2048;
    s.positions = PositionKind::Learned;
    s.tiedEmbeddings = true;
    s.norm = NormKind::LayerNorm;
    s.gatedMlp = false;
    s.qkvBias = s.attnOutBias = s.mlpBias = true;
    s.dropout = true;
    return s;
}

TransformerSpec mixtral()
{
    TransformerSpec s = llama(4096, 14336, 32, 32, 8, 32000);
    s.experts = 8;
    s.expertsPerToken = 2;
    return s;
}

} // namespace

class TestTransformerSpec : public QObject
{
    Q_OBJECT

private slots:
    void publishedCounts_data()
    {
        QTest::addColumn<QString>("bundled");
        QTest::addColumn<qint64>("hidden");
        QTest::addColumn<qint64>("ffn");
        QTest::addColumn<qint64>("layers");
        QTest::addColumn<qint64>("heads");
        QTest::addColumn<qint64>("kvHeads");
        QTest::addColumn<qint64>("vocab");
        QTest::addColumn<qint64>("params");
        // published-figures.md, "Public model configurations"
        QTest::newRow("Llama-2-7B") << "llama-2-7b" << qint64(4096) << qint64(11008) << qint64(32) << qint64(32)
                                    << qint64(32) << qint64(32000) << qint64(6'738'415'616);
        QTest::newRow("Llama-3-8B") << "llama-3-8b" << qint64(4096) << qint64(14336) << qint64(32) << qint64(32)
                                    << qint64(8) << qint64(128256) << qint64(8'030'261'248);
        QTest::newRow("Llama-3-70B") << "llama-3-70b" << qint64(8192) << qint64(28672) << qint64(80) << qint64(64)
                                     << qint64(8) << qint64(128256) << qint64(70'553'706'496);
        QTest::newRow("Llama-3.1-405B") << "llama-3.1-405b" << qint64(16384) << qint64(53248) << qint64(126)
                                        << qint64(128) << qint64(8) << qint64(128256) << qint64(405'853'388'800);
    }

    void publishedCounts()
    {
        QFETCH(QString, bundled);
        QFETCH(qint64, hidden);
        QFETCH(qint64, ffn);
        QFETCH(qint64, layers);
        QFETCH(qint64, heads);
        QFETCH(qint64, kvHeads);
        QFETCH(qint64, vocab);
        QFETCH(qint64, params);

        const TransformerSpec hand = llama(hidden, ffn, layers, heads, kvHeads, vocab);
        QCOMPARE(hand.paramCount(), params);
        QCOMPARE(hand.activeParamCount(), params);

        // The bundled config through the importer, read from resources/ ...
        const std::string path = std::string(SHARDSCOPE_TEST_DATA) + "/../../resources/models/"
            + bundled.toStdString() + ".json";
        const ModelGraph fromFile = importModel(path);
        QVERIFY(fromFile.spec().has_value());
        QCOMPARE(fromFile.spec()->paramCount(), params);
        QCOMPARE(fromFile.totalParams(), params);
        QVERIFY(fromFile.warnings().empty());

        // ... and as compiled into the library.
        const auto graph = findBundledModel(bundled.toStdString());
        QVERIFY(graph.has_value());
        QVERIFY(graph->spec().has_value());
        QCOMPARE(graph->spec()->paramCount(), params);
        QCOMPARE(graph->totalParams(), params);
        QVERIFY(graph->warnings().empty());
    }

    void gpt3WithinNarayananEq2()
    {
        const double l = 96, h = 12288, V = 50257, s = 2048;
        // Narayanan et al. 2021, Eq. 2: P = 12 l h^2 (1 + 13/(12h) + (V + s)/(12 l h))
        const double expected = 12 * l * h * h * (1 + 13 / (12 * h) + (V + s) / (12 * l * h));
        for (const TransformerSpec& spec : { gpt3(), findBundledModel("gpt3-175b")->spec().value() }) {
            const double got = double(spec.paramCount());
            QVERIFY2(std::fabs(got - expected) / expected < 1e-3,
                     qPrintable(QString("got %1, Eq. 2 gives %2").arg(got, 0, 'f', 0).arg(expected, 0, 'f', 0)));
        }
    }

    void mixtralTotalAndActive()
    {
        const TransformerSpec spec = mixtral();
        QCOMPARE(spec.paramCount(), qint64(46'702'792'704));
        // Active parameters, by hand (h 4096, f 14336, 32 layers, 8 KV heads of 128, vocab 32000, top-2 of 8):
        //   per layer: 2 RMSNorms 2 x 4096                         =       8,192
        //              q,k,v,o: 4096 x (4096 + 2 x 1024) + 4096^2   =  41,943,040
        //              2 routed experts: 2 x 3 x 4096 x 14336       = 352,321,536
        //              router 4096 x 8                              =      32,768
        //              sum                                          = 394,305,536
        //   32 layers = 12,617,777,152; + embedding and untied head 2 x 32000 x 4096 = 262,144,000;
        //   + final norm 4096 -> 12,879,925,248 (about 12.9 B).
        QCOMPARE(spec.activeParamCount(), qint64(12'879'925'248));
        const ModelGraph g = buildModelGraph(spec);
        QCOMPARE(g.totalParams(), spec.paramCount());
        QCOMPARE(g.activeParams(), spec.activeParamCount());
    }

    void graphSumsToParamCount_data()
    {
        QTest::addColumn<int>("which");
        QTest::newRow("llama-3-8b") << 0;
        QTest::newRow("gpt3 tied, learned positions, biases") << 1;
        QTest::newRow("mixtral") << 2;
    }

    void graphSumsToParamCount()
    {
        QFETCH(int, which);
        const TransformerSpec spec = which == 0 ? llama(4096, 14336, 32, 32, 8, 128256) : which == 1 ? gpt3() : mixtral();
        const ModelGraph g = buildModelGraph(spec);
        std::int64_t sum = 0;
        for (const Layer& layer : g.layers())
            sum += layer.params;
        QCOMPARE(sum, spec.paramCount());
        QCOMPARE(g.totalParams(), spec.paramCount());
        QCOMPARE(int(g.blocks().size()), int(spec.layers));
    }

    void korthikantiActivationsPerBlock()
    {
        // GPT-style block (MHA, 2-matrix MLP with f = 4h, LayerNorm, dropout): Korthikanti et al. 2022,
        // Table 2 gives s b h (34 + 5 a s / h) bytes per layer, i.e. per token 34 h + 5 a s, of which
        // 24 h is split by TP, 10 h only by sequence parallelism, and 5 a s is the score part.
        TransformerSpec spec = gpt3();
        spec.layers = 2;
        const ModelGraph g = buildModelGraph(spec);
        const double h = 12288, a = 96;
        for (const TransformerBlock& block : g.blocks()) {
            double sharded = 0, replicated = 0, score = 0;
            for (int li : block.layers) {
                sharded += g.layer(li).actShardedBytesPerToken;
                replicated += g.layer(li).actReplicatedBytesPerToken;
                score += g.layer(li).actScoreBytesPerTokenPerSeq;
            }
            QCOMPARE(sharded, 24 * h);    // 294,912
            QCOMPARE(replicated, 10 * h); // 122,880
            QCOMPARE(score, 5 * a);       // 480
        }
    }

    void validateNamesField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("zero hidden") << "hidden" << "positive";
        QTest::newRow("negative ffn") << "ffn" << "positive";
        QTest::newRow("zero layers") << "layers" << "positive";
        QTest::newRow("huge vocab") << "vocab" << "implausibly large";
        QTest::newRow("100,001 blocks") << "layers" << "limit 100000 transformer blocks";
        QTest::newRow("kv heads not dividing heads") << "kv_heads" << "multiple";
        QTest::newRow("heads not dividing hidden") << "heads" << "divisible";
        QTest::newRow("learned positions without max") << "max_positions" << "learned";
        QTest::newRow("top-k above experts") << "experts_per_token" << "between 1 and 8";
    }

    void validateNamesField()
    {
        QFETCH(QString, field);
        QFETCH(QString, messagePart);
        TransformerSpec s = llama(4096, 14336, 32, 32, 8, 128256);
        const QString row = QTest::currentDataTag();
        if (row == "zero hidden")
            s.hidden = 0;
        else if (row == "negative ffn")
            s.ffn = -5;
        else if (row == "zero layers")
            s.layers = 0;
        else if (row == "huge vocab")
            s.vocab = std::int64_t(1) << 40;
        else if (row == "100,001 blocks")
            s.layers = 100001;
        else if (row == "kv heads not dividing heads")
            s.kvHeads = 5;
        else if (row == "heads not dividing hidden")
            s.heads = s.kvHeads = 3;
        else if (row == "learned positions without max") {
            s.positions = PositionKind::Learned;
            s.maxPositions = 0;
        } else {
            s.experts = 8;
            s.expertsPerToken = 9;
        }
        try {
            s.validate("spec.json");
            QFAIL("validate() accepted a bad spec");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), QString("spec.json"));
            QCOMPARE(QString::fromStdString(e.position()), field);
            QVERIFY2(QString::fromStdString(e.message()).contains(messagePart), e.what());
        }
    }

    void validSpecPasses()
    {
        llama(4096, 14336, 32, 32, 8, 128256).validate("x");
        gpt3().validate("x");
        mixtral().validate("x");
    }
};

QTEST_GUILESS_MAIN(TestTransformerSpec)
#include "tst_transformer_spec.moc"
