{{/* Chart name, truncated to the 63 characters a DNS label allows. */}}
{{- define "qai.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Release-qualified name: <release>-qai, or the release name when it already contains the chart name. */}}
{{- define "qai.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "qai.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels on every object. */}}
{{- define "qai.labels" -}}
helm.sh/chart: {{ include "qai.chart" . }}
app.kubernetes.io/name: {{ include "qai.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: qai
{{- end }}

{{/* Name of one component's objects. Call with (dict "root" $ "component" "chat"). */}}
{{- define "qai.componentName" -}}
{{- printf "%s-%s" (include "qai.fullname" .root) .component | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Selector labels of one component (stable across upgrades). */}}
{{- define "qai.selectorLabels" -}}
app.kubernetes.io/name: {{ include "qai.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{/* All labels of one component's objects. */}}
{{- define "qai.componentLabels" -}}
{{ include "qai.labels" .root }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{/* Image reference of one service. Call with (dict "root" $ "svc" $svc). */}}
{{- define "qai.image" -}}
{{- $registry := .root.Values.image.registry -}}
{{- $tag := .svc.image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion -}}
{{- if $registry }}{{ printf "%s/%s:%s" (trimSuffix "/" $registry) .svc.image.repository $tag }}{{ else }}{{ printf "%s:%s" .svc.image.repository $tag }}{{ end }}
{{- end }}

{{/* Name of the Secret holding COOKIE_SECRET. */}}
{{- define "qai.cookieSecretName" -}}
{{- .Values.cookieSecret.existingSecret | default (printf "%s-cookie" (include "qai.fullname" .)) }}
{{- end }}

{{/* The product's public origin without a trailing slash (auth strips it the same way for `iss`). */}}
{{- define "qai.publicUrl" -}}
{{- $url := .Values.publicUrl | required "publicUrl is required: the origin browsers use, e.g. https://qai.example.com" -}}
{{- if not (regexMatch "^https?://[^/]+" $url) }}{{ fail (printf "publicUrl must be an http(s) URL, not %q" $url) }}{{ end -}}
{{- regexReplaceAll "/+$" $url "" -}}
{{- end }}

{{/* How Kubernetes probes one service. Call with (dict "svc" $svc "path" "/healthz"). */}}
{{- define "qai.probeAction" -}}
{{- if eq .svc.protocol "http" -}}
httpGet:
  path: {{ .path }}
  port: http
{{- else -}}
grpc:
  port: {{ .svc.port }}
{{- end }}
{{- end }}

{{/* URL of one infrastructure piece: the external one, else the in-cluster one when enabled, else "". */}}
{{- define "qai.infraUrl" -}}
{{- if .infra.external.url }}{{ .infra.external.url }}
{{- else if .infra.enabled }}{{ printf .infra.inClusterUrl (include "qai.componentName" (dict "root" .root "component" .name)) }}
{{- end }}
{{- end }}
