values {
  a = "%{ for 1 in [1] }x%{ endfor }"
}
