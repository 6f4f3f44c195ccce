package dev.latencylab.runner.endpoint;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * The certificates the runner trusts for {@code https} apps: the JDK's own authorities, plus those of
 * a PEM file the user names (the authority that signed the apps' certificates, or the certificates
 * themselves when self-signed). The host name is still checked against each certificate.
 */
public final class TrustedCertificates {

    private TrustedCertificates() {}

    /**
     * @param pem a file of one or more PEM certificates
     * @throws IllegalArgumentException naming the file when it cannot be read or holds no certificate
     */
    public static SSLContext withAuthorities(Path pem) {
        Collection<? extends Certificate> extra = read(pem);
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int i = 0;
            for (X509Certificate authority : jdkAuthorities().getAcceptedIssuers()) {
                store.setCertificateEntry("jdk-" + i++, authority);
            }
            i = 0;
            for (Certificate c : extra) {
                store.setCertificateEntry("given-" + i++, c);
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, tmf.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("could not build the trust store with " + pem + ": " + e, e);
        }
    }

    private static Collection<? extends Certificate> read(Path pem) {
        if (!Files.isRegularFile(pem)) {
            throw new IllegalArgumentException("--ca-file " + pem + ": no such file");
        }
        try (InputStream in = Files.newInputStream(pem)) {
            Collection<? extends Certificate> certificates =
                    CertificateFactory.getInstance("X.509").generateCertificates(in);
            if (certificates.isEmpty()) {
                throw new IllegalArgumentException("--ca-file " + pem + ": holds no PEM certificate");
            }
            return certificates;
        } catch (CertificateException e) {
            throw new IllegalArgumentException(
                    "--ca-file " + pem + ": not PEM certificates (" + e.getMessage() + ")", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("--ca-file " + pem + ": cannot be read (" + e.getMessage() + ")", e);
        }
    }

    private static X509TrustManager jdkAuthorities() throws GeneralSecurityException {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init((KeyStore) null);
        for (var tm : tmf.getTrustManagers()) {
            if (tm instanceof X509TrustManager x509) {
                return x509;
            }
        }
        throw new IllegalStateException("the JDK has no X.509 trust manager");
    }
}
