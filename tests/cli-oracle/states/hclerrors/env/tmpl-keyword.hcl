values {
  a = "%{ iff true }x%{ endif }"
}
