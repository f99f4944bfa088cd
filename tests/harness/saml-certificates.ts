/**
 * Identity-provider signing certificates for the SAML settings of the tests, the demo and the
 * benchmarks: self-signed X.509 certificates (ECDSA P-256, valid until 2126) made once with
 * `openssl req -x509`, with their SHA-1 fingerprints as `openssl x509 -fingerprint -sha1` prints
 * them (what Chatwoot shows as `fingerprint`). Public certificates, no secrets: their keys were
 * thrown away.
 */

/** The certificate of `idp.acme.test`. */
export const IDP_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBhzCCAS2gAwIBAgIUOWQJq9LF9ow5Mg+zCEh76erxGDswCgYIKoZIzj0EAwIw
GDEWMBQGA1UEAwwNaWRwLmFjbWUudGVzdDAgFw0yNjExMjcxODUzMTFaGA8yMTI2
MTEwMzE4NTMxMVowGDEWMBQGA1UEAwwNaWRwLmFjbWUudGVzdDBZMBMGByqGSM49
AgEGCCqGSM49AwEHA0IABK2b2TylhcGTEyorUu/tTSHutIyZjd6Tk6TeBpQ52+Il
sUymRWcfArieoUrYchjRo9YQx2qxj19GLSAhEPOa2SOjUzBRMB0GA1UdDgQWBBR7
7GhpLliJqumLGqqpUxnGcwNz5jAfBgNVHSMEGDAWgBR77GhpLliJqumLGqqpUxnG
cwNz5jAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0gAMEUCIQD8xcuPZj02
e5jN58d64Ras0rBlHr3utSTrNDFdTOA0FQIgK/Fpah/ZJ+eVLjkK9IvCsP7+H9MB
4hk4BNiGyFg8Wxc=
-----END CERTIFICATE-----
`;
/** Its SHA-1 fingerprint. */
export const IDP_FINGERPRINT = "90:66:12:74:04:82:EA:3A:DD:DA:42:06:1D:23:3C:7B:C4:AE:57:50";

/** The certificate of `idp2.acme.test`, for a change of certificate. */
export const OTHER_IDP_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBijCCAS+gAwIBAgIUeilY783r8PSqzntqHs/2D6oBnfswCgYIKoZIzj0EAwIw
GTEXMBUGA1UEAwwOaWRwMi5hY21lLnRlc3QwIBcNMjYxMTI3MTg1MzExWhgPMjEy
NjExMDMxODUzMTFaMBkxFzAVBgNVBAMMDmlkcDIuYWNtZS50ZXN0MFkwEwYHKoZI
zj0CAQYIKoZIzj0DAQcDQgAEV1lJDIDtjuZcAquGN95rG1RpjeN+4ZR1y+/dyIzF
oXPht+Xnrbtyy40SrL2hlGdB3usAU4UCkqYx37nbl9Rh3aNTMFEwHQYDVR0OBBYE
FGJkoALyPjXz0d8IteHM4zxOzDo7MB8GA1UdIwQYMBaAFGJkoALyPjXz0d8IteHM
4zxOzDo7MA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDSQAwRgIhAIvnlp+j
TLDPdJx+Yq2M8gr1agkJsXYem5vrykKZVZEcAiEAi0FmFjzNgFhQE9w78RN6ytyf
+BLH4mrnVbRf/OM8eng=
-----END CERTIFICATE-----
`;
/** Its SHA-1 fingerprint. */
export const OTHER_IDP_FINGERPRINT = "7F:62:49:47:7C:3A:4D:BE:FD:88:86:E7:66:AD:B8:D5:E7:2B:A1:10";
