{{/* Names of the chart's objects: the release's name, then the part. */}}
{{- define "lab.name" -}}
{{- printf "%s-%s" .root.Release.Name .part | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "lab.labels" -}}
app.kubernetes.io/name: latency-lab
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* The bootstrap servers: the values' own, or the Strimzi cluster's bootstrap Service. */}}
{{- define "lab.bootstrap" -}}
{{- if .Values.strimzi.enabled -}}
{{- printf "%s-kafka-bootstrap:9092" .Values.strimzi.name -}}
{{- else -}}
{{- required "set bootstrap (host:port[,...]) or strimzi.enabled=true" .Values.bootstrap -}}
{{- end -}}
{{- end -}}

{{- define "lab.tokenSecret" -}}
{{- .Values.token.existingSecret | default (include "lab.name" (dict "root" . "part" "token")) -}}
{{- end -}}

{{/*
The token as the apps and the runner require it: a file of their own user's, chmod 600 (a Secret's files
are links, and group-readable under an fsGroup). An init container copies it into a memory volume.
Arguments: root, image.
*/}}
{{- define "lab.tokenInit" -}}
- name: token
  image: {{ .image }}
  imagePullPolicy: {{ .root.Values.imagePullPolicy }}
  command: [sh, -c, "umask 077 && cat /etc/lab-token-secret/token > /run/lab-token/token"]
  volumeMounts:
    - {name: token-secret, mountPath: /etc/lab-token-secret, readOnly: true}
    - {name: token, mountPath: /run/lab-token}
{{- end -}}

{{- define "lab.tokenVolumes" -}}
- name: token-secret
  secret:
    secretName: {{ include "lab.tokenSecret" . }}
    items: [{key: token, path: token}]
- name: token
  emptyDir: {medium: Memory, sizeLimit: 1Mi}
{{- end -}}

{{/* The image's user (stack/Dockerfile: lab, 10001); fsGroup makes the results volume its to write. */}}
{{- define "lab.podSecurity" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
fsGroup: 10001
{{- end -}}

{{- define "lab.containerSecurity" -}}
allowPrivilegeEscalation: false
capabilities: {drop: [ALL]}
{{- end -}}

{{/* The runner's pod on the node of the results pod: both mount the ReadWriteOnce volume. */}}
{{- define "lab.resultsAffinity" -}}
affinity:
  podAffinity:
    requiredDuringSchedulingIgnoredDuringExecution:
      - topologyKey: kubernetes.io/hostname
        labelSelector:
          matchLabels:
            app.kubernetes.io/instance: {{ .Release.Name }}
            app: lab-results
{{- end -}}
