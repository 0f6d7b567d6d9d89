values {
  a = "%{ for x on [1] }x%{ endfor }"
}
