package dev.latencylab.runner.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class FlameSvgTest {

    @Test
    void framesAreAsWideAsTheirShareAndStackOnTheirCaller() throws Exception {
        CallTree tree = new CallTree(StackSamples.of(Map.of("main;a<T>", 3L, "main;b", 1L)));

        Document svg = parse(FlameSvg.render(tree, "drain & <batch>"));

        NodeList rects = svg.getElementsByTagName("rect");
        // background, all, main, a<T>, b
        assertThat(rects.getLength()).isEqualTo(5);
        Element all = (Element) rects.item(1);
        Element a = (Element) rects.item(3);
        Element b = (Element) rects.item(4);
        double full = width(all);
        assertThat(width(a)).isCloseTo(full * 3 / 4, within(0.2));
        assertThat(width(b)).isCloseTo(full / 4, within(0.2));
        assertThat(y(a)).isEqualTo(y(all) - 2 * FlameSvg.FRAME_HEIGHT);
        assertThat(Double.parseDouble(b.getAttribute("x")))
                .isCloseTo(Double.parseDouble(a.getAttribute("x")) + width(a), within(0.2));
        assertThat(svg.getElementsByTagName("title").item(2).getTextContent()).isEqualTo("a<T> (3 samples, 75.00%)");
        assertThat(svg.getElementsByTagName("text").item(0).getTextContent()).startsWith("drain & <batch>");
        // The deepest frame sits below the title, the root above the bottom edge.
        int height = Integer.parseInt(svg.getDocumentElement().getAttribute("height"));
        assertThat(y(a)).isGreaterThanOrEqualTo(40);
        assertThat(y(all) + FlameSvg.FRAME_HEIGHT).isLessThanOrEqualTo(height);
    }

    @Test
    void ownersGetTheirHue() {
        assertThat(FlameSvg.colour("d.l.c.l.LatencyListener.onBatch")).startsWith("hsl(120,");
        assertThat(FlameSvg.colour("o.a.k.c.c.KafkaConsumer.poll")).startsWith("hsl(210,");
        assertThat(FlameSvg.colour("j.u.HashMap.put")).startsWith("hsl(15,");
    }

    private static Document parse(String svg) throws Exception {
        return DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    private static double width(Element rect) {
        return Double.parseDouble(rect.getAttribute("width"));
    }

    private static int y(Element rect) {
        return Integer.parseInt(rect.getAttribute("y"));
    }
}
