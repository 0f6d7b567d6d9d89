values {
  a = "%{ for k, 1 in [1] }x%{ endfor }"
}
