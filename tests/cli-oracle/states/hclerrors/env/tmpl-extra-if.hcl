values {
  a = "%{ if true false }x%{ endif }"
}
