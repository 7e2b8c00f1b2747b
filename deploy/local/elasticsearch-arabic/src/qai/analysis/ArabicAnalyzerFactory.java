package qai.analysis;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.ar.ArabicAnalyzer;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.AnalyzerFactory;

/**
 * The `arabic` analyzer, as Elasticsearch's analysis-common module defines it by default: Lucene's
 * ArabicAnalyzer with its default Arabic stop words and no stem exclusions. Maven Central's
 * integ-test-zip distribution leaves analysis-common out; this stable plugin puts the analyzer back.
 */
@NamedComponent("arabic")
public class ArabicAnalyzerFactory implements AnalyzerFactory {
    @Override
    public Analyzer create() {
        return new ArabicAnalyzer();
    }
}
