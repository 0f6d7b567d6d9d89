values {
  a = "%{ for x in [null] }${x}%{ endfor }"
}
