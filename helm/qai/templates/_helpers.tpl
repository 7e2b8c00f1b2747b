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
{{- include "qai.secretName" (dict "root" . "values" "cookieSecret") }}
{{- end }}

{{/* Name of the Secret of one secret value block. Call with (dict "root" $ "values" "authKeysSecret"). */}}
{{- define "qai.secretName" -}}
{{- $suffix := get (dict "cookieSecret" "cookie" "authKeysSecret" "auth-keys") .values -}}
{{- (index .root.Values .values).existingSecret | default (printf "%s-%s" (include "qai.fullname" .root) $suffix) }}
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

{{/*
  How one infrastructure piece is reached. Call with (dict "root" $ "name" "mongodb"); returns
  "secret" (external URL in a Secret), "external" (external.url), "cluster" (the in-cluster
  StatefulSet) or "" (not configured: the services use their embedded adapter).
*/}}
{{- define "qai.infraMode" -}}
{{- $infra := index .root.Values.infra .name -}}
{{- $external := $infra.external | default dict -}}
{{- if ($external.secretRef | default dict).name }}secret
{{- else if $external.url }}external
{{- else if $infra.enabled }}cluster
{{- end }}
{{- end }}

{{/* The adapters a service may read: env name, infrastructure piece, embedded value. */}}
{{- define "qai.adapters" -}}
recordStore: { env: RECORD_STORE_URL, infra: mongodb, embedded: sqlite }
eventBus: { env: EVENT_BUS_URL, infra: kafka, embedded: in-process }
search: { env: SEARCH_URL, infra: elasticsearch, embedded: embedded }
quotaStore: { env: QUOTA_STORE_URL, infra: redis, embedded: sqlite }
gatewayState: { env: GATEWAY_STATE_URL, infra: redis, embedded: memory }
{{- end }}

{{/* "true" when the adapter is served by shared infrastructure. Call with (dict "root" $ "adapter" "recordStore"). */}}
{{- define "qai.adapterShared" -}}
{{- $adapter := index (include "qai.adapters" . | fromYaml) .adapter | required (printf "unknown adapter %q" .adapter) -}}
{{- if include "qai.infraMode" (dict "root" .root "name" $adapter.infra) }}true{{ end }}
{{- end }}

{{/* The env entry choosing one adapter of one service. Call with (dict "root" $ "service" "quota" "adapter" "recordStore"). */}}
{{- define "qai.adapterEnv" -}}
{{- $adapter := index (include "qai.adapters" . | fromYaml) .adapter | required (printf "services.%s.adapters: unknown adapter %q" .service .adapter) -}}
{{- $infra := index .root.Values.infra $adapter.infra -}}
{{- $mode := include "qai.infraMode" (dict "root" .root "name" $adapter.infra) -}}
{{- $host := include "qai.componentName" (dict "root" .root "component" $adapter.infra) -}}
- name: {{ $adapter.env }}
{{- if eq $mode "secret" }}
  valueFrom:
    secretKeyRef:
      name: {{ $infra.external.secretRef.name }}
      key: {{ $infra.external.secretRef.key | required (printf "infra.%s.external.secretRef.key is required" $adapter.infra) }}
{{- else }}
{{- $url := $adapter.embedded }}
{{- if eq $mode "external" }}
{{- $url = $infra.external.url }}
{{- if eq $adapter.infra "mongodb" }}
{{- /* One database per service: the URL's path. */}}
{{- $url = regexReplaceAll `^(mongodb(\+srv)?://[^/?#]+)/?` $url (printf "${1}/%s%s" $infra.databasePrefix .service) }}
{{- end }}
{{- else if eq $mode "cluster" }}
{{- if eq $adapter.infra "mongodb" }}
{{- $url = printf "mongodb://%s:%v/%s%s?replicaSet=%s" $host $infra.port $infra.databasePrefix .service $infra.replicaSet }}
{{- else if eq $adapter.infra "kafka" }}
{{- $url = printf "kafka://%s:%v?partitions=%v&replication=1" $host $infra.port $infra.partitions }}
{{- else if eq $adapter.infra "elasticsearch" }}
{{- $url = printf "http://%s:%v" $host $infra.port }}
{{- else }}
{{- $url = printf "redis://%s:%v" $host $infra.port }}
{{- end }}
{{- end }}
  value: {{ $url | quote }}
{{- end }}
{{- end }}

{{/* Whether a service keeps its data on a PersistentVolumeClaim: "true" or "". Call with (dict "root" $ "svc" $svc). */}}
{{- define "qai.usesVolume" -}}
{{- $persistence := .svc.persistence | default dict -}}
{{- if and $persistence.enabled (or $persistence.always (and (has "recordStore" (.svc.adapters | default list)) (not (include "qai.adapterShared" (dict "root" .root "adapter" "recordStore"))))) }}true{{ end }}
{{- end }}

{{/* The infrastructure pieces a service uses (a YAML list of names). Call with (dict "root" $ "svc" $svc). */}}
{{- define "qai.serviceInfra" -}}
{{- $table := include "qai.adapters" . | fromYaml -}}
{{- $names := list -}}
{{- range $adapter := .svc.adapters | default list }}
{{- $names = append $names (index $table $adapter).infra }}
{{- end }}
{{- toYaml (uniq $names) }}
{{- end }}
