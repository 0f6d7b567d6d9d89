values {
  a = "%{ if null }x%{ endif }"
}
