values {
  a = "x%{ endif }"
}
